#!/usr/bin/env bash
# Times the whole suite (.ci/run) from fresh clones of two revisions, one after the other, and
# prints the figures side by side: by default the previous commit and HEAD. LOAD=N keeps N busy
# loops running beside each run, as a machine shared with other work.
#
#   tools/suite-time.sh [BASE [HEAD]]      e.g. LOAD=2 tools/suite-time.sh ae1ebfc HEAD
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
base="$(git -C "$repo" rev-parse --short "${1:-HEAD~1}")"
head="$(git -C "$repo" rev-parse --short "${2:-HEAD}")"
load="${LOAD:-0}"
work="$(mktemp -d)"
loops=()
stop_loops() { for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done; loops=(); }
trap 'stop_loops; rm -rf "$work"' EXIT

run() {
  local rev="$1" dir="$work/$1"
  git clone -q "$repo" "$dir"
  git -C "$dir" checkout -q "$rev"
  for _ in $(seq 1 "$load"); do (while :; do :; done) & loops+=($!); done
  local start end status=0
  start=$(date +%s)
  (cd "$dir" && CI=true bash .ci/run >"$work/$rev.log" 2>&1) || status=$?
  end=$(date +%s)
  stop_loops
  printf '%s\t%s\t%d s\t%s\n' "$rev" "$([ $status = 0 ] && echo passed || echo "failed ($status)")" \
    "$((end - start))" "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$work/figures"
  [ $status = 0 ] || tail -40 "$work/$rev.log"
  rm -rf "$dir"
}

run "$base"
run "$head"
printf 'revision\tresult\twall\tload (1, 5, 15 min) at the end\n'
cat "$work/figures"
printf 'busy loops beside each run: %s; cores: %s\n' "$load" "$(nproc)"
