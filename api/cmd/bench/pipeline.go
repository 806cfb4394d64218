package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver for the bench's own schema

	"noorvale.example/site/api/internal/harness"
	"noorvale.example/site/api/store"
)

// pipelineRun is one server process started for the render pipeline's figures.
type pipelineRun struct {
	*harness.Server
	peakMB  atomic.Int64 // Go and Node resident memory together, sampled
	stopped chan struct{}
}

// startPipelineServer starts `server serve` on env and samples its memory
// (with its Node child) until it stops.
func startPipelineServer(bin string, env []string) (*pipelineRun, error) {
	srv, err := harness.StartServer(harness.ServerConfig{Bin: bin, Env: func() []string { return slices.Clone(env) }})
	if err != nil {
		return nil, err
	}
	r := &pipelineRun{Server: srv, stopped: make(chan struct{})}
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-r.stopped:
				return
			case <-tick.C:
			}
			goMB, nodeMB := memory(r.Cmd.Process.Pid)
			if mb := int64(goMB + nodeMB); mb > r.peakMB.Load() {
				r.peakMB.Store(mb)
			}
		}
	}()
	return r, nil
}

func (r *pipelineRun) stop() {
	_ = r.Stop(time.Minute)
	close(r.stopped)
}

// cpuSeconds returns the CPU time of the server and of its Node child so far.
func (r *pipelineRun) cpuSeconds() (goCPU, nodeCPU float64) {
	pid := r.Cmd.Process.Pid
	goCPU = procCPU(pid)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if child, err := strconv.Atoi(e.Name()); err == nil && harness.ParentPID(child) == pid {
			nodeCPU += procCPU(child)
		}
	}
	return goCPU, nodeCPU
}

// procCPU reads user and system time from /proc/<pid>/stat, in seconds
// (clock ticks of 1/100 s on Linux).
func procCPU(pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseFloat(fields[11], 64)
	stime, _ := strconv.ParseFloat(fields[12], 64)
	return (utime + stime) / 100
}

var (
	goGCLine   = regexp.MustCompile(`gc \d+ @[0-9.]+s \d+%: [0-9.+]+ ms clock, ([0-9.+/]+) ms cpu`)
	nodeGCLine = regexp.MustCompile(`(?:Scavenge|Mark-Compact|Mark-sweep)[^,]*MB, ([0-9.]+) /`)
	renderLine = regexp.MustCompile(`pages rendered.*?documents=(\d+)`)
)

// gcSeconds sums the CPU time that Go's gctrace and V8's --trace-gc report.
func gcSeconds(logs string) (goGC, nodeGC float64) {
	for _, m := range goGCLine.FindAllStringSubmatch(logs, -1) {
		for _, part := range strings.FieldsFunc(m[1], func(r rune) bool { return r == '+' || r == '/' }) {
			v, _ := strconv.ParseFloat(part, 64)
			goGC += v / 1000
		}
	}
	for _, m := range nodeGCLine.FindAllStringSubmatch(logs, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		nodeGC += v / 1000
	}
	return goGC, nodeGC
}

// pipelineEnv is the environment of a pipeline server: the Node renderer is
// started through a wrapper that turns on V8's GC trace, and Go's GC trace
// is on, so the bench can tell collection from work.
func pipelineEnv(dataDir, databaseURL string) ([]string, error) {
	wrapper := filepath.Join(dataDir, "node-traced")
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(wrapper, []byte("#!/bin/sh\nexec "+node+" --trace-gc \"$@\"\n"), 0o755); err != nil {
		return nil, err
	}
	// One public address for every process, as behind a load balancer: the
	// address is part of what a page is built from.
	return append(os.Environ(), "DATA_DIR="+dataDir, "DATABASE_URL="+databaseURL, "APP_ENV=development",
		"BASE_URL=https://www.noorvale.example",
		"LOG_LEVEL=info", "GODEBUG=gctrace=1", "NODE_BIN="+wrapper, "TRUSTED_PROXIES=", "METRICS_ALLOW="), nil
}

// multiplyCollections adds copies of every news story, blog post and
// publication until there are `times` as many, each with its own slug and
// an older date, into a throwaway database.
func multiplyCollections(st *store.Store, times int) error {
	return multiplyItems(st, times, "news", "blogs", "publications")
}

// multiplyItems repeats each item of the named collections times over,
// each copy dated a month before the last.
func multiplyItems(st *store.Store, times int, collections ...string) error {
	ctx := context.Background()
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		return err
	}
	out := slices.Clone(entries)
	for _, e := range entries {
		if !slices.Contains(collections, e.Collection) {
			continue
		}
		for i := 1; i < times; i++ {
			var body map[string]any
			if err := json.Unmarshal([]byte(e.Body), &body); err != nil {
				return err
			}
			for _, field := range []string{"date", "datePosted"} {
				if d, ok := body[field].(string); ok {
					if t, err := time.Parse(time.DateOnly, d); err == nil {
						body[field] = t.AddDate(0, 0, -30*i).Format(time.DateOnly)
					}
				}
			}
			if d, ok := body["start"].(string); ok {
				if t, err := time.Parse(time.RFC3339, d); err == nil {
					body["start"] = t.AddDate(0, 0, -30*i).Format(time.RFC3339)
				}
			}
			if title, ok := body["title"].(string); ok {
				body["title"] = fmt.Sprintf("%s (%d)", title, i)
			}
			raw, _ := json.Marshal(body)
			out = append(out, store.ContentEntry{Collection: e.Collection, Slug: fmt.Sprintf("%s-archive-%d", e.Slug, i), Locale: e.Locale, Body: string(raw)})
		}
	}
	_, err = st.ReplaceContent(ctx, store.ContentSet{Entries: out})
	return err
}

// editNews changes the title of the newest English news story and returns
// the story's path and the new title.
func editNews(st *store.Store, n int) (string, string, error) {
	ctx := context.Background()
	entries, err := st.ContentEntries(ctx)
	if err != nil {
		return "", "", err
	}
	newest, date := -1, ""
	for i, e := range entries {
		if e.Collection != "news" || e.Locale != "en" {
			continue
		}
		var body struct {
			Date string `json:"date"`
		}
		_ = json.Unmarshal([]byte(e.Body), &body)
		if body.Date > date {
			newest, date = i, body.Date
		}
	}
	if newest < 0 {
		return "", "", errors.New("no English news story to edit")
	}
	var body map[string]any
	_ = json.Unmarshal([]byte(entries[newest].Body), &body)
	title := fmt.Sprintf("Regional regulators publish joint guidance, revision %d", n)
	body["title"] = title
	raw, _ := json.Marshal(body)
	entries[newest].Body = string(raw)
	if _, err := st.ReplaceContent(ctx, store.ContentSet{Entries: entries}); err != nil {
		return "", "", err
	}
	return "/resources/news/" + entries[newest].Slug, title, nil
}

// waitServed waits until a page on base contains text, and returns how long that took.
func waitServed(base, path, text string, since time.Time) (time.Duration, error) {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(base + path); err == nil {
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if bytes.Contains(body, []byte(text)) {
				return time.Since(since), nil
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return 0, fmt.Errorf("%s%s never showed %q", base, path, text)
}

// renderedAfter returns the document count of the last "pages rendered"
// line logged after offset.
func renderedAfter(logs string, offset int) int {
	m := renderLine.FindAllStringSubmatch(logs[offset:], -1)
	if len(m) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(m[len(m)-1][1])
	return n
}

// pipelineFigures prints the render pipeline's figures on SQLite at a
// scale of the collections (1: as shipped; 10: ten times the news, blogs
// and publications).
func pipelineFigures(bin string, scale int) error {
	dataDir, err := os.MkdirTemp("", "noorvale-pipeline-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dataDir)
	env, err := pipelineEnv(dataDir, "")
	if err != nil {
		return err
	}
	for _, step := range []string{"migrate", "seed"} {
		c := exec.Command(bin, step)
		c.Env = env
		if out, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %w\n%s", step, err, out)
		}
	}
	st, err := store.Open(context.Background(), store.SQLite, filepath.Join(dataDir, "site.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	if scale > 1 {
		if err := multiplyCollections(st, scale); err != nil {
			return err
		}
	}

	r, err := startPipelineServer(bin, env)
	if err != nil {
		return err
	}
	wall, err := r.WaitReady(10 * time.Minute)
	if err != nil {
		r.stop()
		return err
	}
	goCPU, nodeCPU := r.cpuSeconds()
	goGC, nodeGC := gcSeconds(r.Output())
	docs := renderedAfter(r.Output(), 0)
	fmt.Printf("  full render: %d documents, %.1f s from start to ready\n", docs, wall.Seconds())
	if docs > 0 {
		fmt.Printf("  CPU per document: %.1f ms (Go %.1f, Node %.1f; start-up included); garbage collection %.0f %% of Go's, %.0f %% of Node's\n",
			1000*(goCPU+nodeCPU)/float64(docs), 1000*goCPU/float64(docs), 1000*nodeCPU/float64(docs),
			100*goGC/max(goCPU, 0.001), 100*nodeGC/max(nodeCPU, 0.001))
	}

	offset := len(r.Output())
	path, title, err := editNews(st, 1)
	if err != nil {
		r.stop()
		return err
	}
	took, err := waitServed(r.BaseURL, path, title, time.Now())
	if err != nil {
		r.stop()
		return err
	}
	deadline := time.Now().Add(30 * time.Second)
	for renderedAfter(r.Output(), offset) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Printf("  one English news edit: %d documents rendered again, served %d ms after the edit\n",
		renderedAfter(r.Output(), offset), took.Milliseconds())
	r.stop()

	again, err := startPipelineServer(bin, env)
	if err != nil {
		return err
	}
	defer again.stop()
	restart, err := again.WaitReady(5 * time.Minute)
	if err != nil {
		return err
	}
	fmt.Printf("  restart to ready with the stored documents: %d ms (process start included)\n", restart.Milliseconds())
	fmt.Printf("  peak resident memory, Go and Node together: %d MB through start and full render, %d MB through the restart\n",
		r.peakMB.Load(), again.peakMB.Load())
	return nil
}

// replicaFigures starts two servers on one fresh PostgreSQL schema and
// prints, for 20 edits of a news story made in the database, how long the
// story took to be served by both.
func replicaFigures(bin, databaseURL string) error {
	reps, err := startReplicas(bin, databaseURL)
	if err != nil {
		return err
	}
	defer reps.stop()
	st, a, bb := reps.st, reps.a, reps.b
	var times []time.Duration
	for i := range 20 {
		path, title, err := editNews(st, 100+i)
		if err != nil {
			return err
		}
		edited := time.Now()
		slowest := time.Duration(0)
		for _, r := range []*pipelineRun{a, bb} {
			took, err := waitServed(r.BaseURL, path, title, edited)
			if err != nil {
				return err
			}
			slowest = max(slowest, took)
		}
		times = append(times, slowest)
	}
	slices.Sort(times)
	fmt.Printf("  edit to served on both replicas (PostgreSQL, 20 edits): median %d ms, p95 %d ms, max %d ms\n",
		times[len(times)/2].Milliseconds(), times[len(times)*95/100].Milliseconds(), times[len(times)-1].Milliseconds())
	return nil
}

// replicas are two servers on one PostgreSQL database in a schema of
// their own, as two replicas behind a load balancer, and the store they
// share.
type replicas struct {
	st      *store.Store
	a, b    *pipelineRun
	cleanup []func()
}

// stop stops both servers and drops their schema.
func (r *replicas) stop() {
	for i := len(r.cleanup) - 1; i >= 0; i-- {
		r.cleanup[i]()
	}
}

// startReplicas migrates and seeds a new schema of the database at
// databaseURL and starts two servers on it, both ready.
func startReplicas(bin, databaseURL string) (_ *replicas, err error) {
	r := &replicas{}
	defer func() {
		if err != nil {
			r.stop()
		}
	}()
	db, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return nil, err
	}
	r.cleanup = append(r.cleanup, func() { _ = db.Close() })
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "bench_" + hex.EncodeToString(b[:])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		return nil, fmt.Errorf("PostgreSQL at %s: %w", databaseURL, err)
	}
	r.cleanup = append(r.cleanup, func() { _, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE") })
	u, err := url.Parse(databaseURL)
	if err != nil {
		return nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	dsn := u.String()

	dataDir, err := os.MkdirTemp("", "noorvale-replicas-")
	if err != nil {
		return nil, err
	}
	r.cleanup = append(r.cleanup, func() { _ = os.RemoveAll(dataDir) })
	env, err := pipelineEnv(dataDir, dsn)
	if err != nil {
		return nil, err
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	env = append(env, "SECRET_KEY="+hex.EncodeToString(key))
	for _, step := range []string{"migrate", "seed"} {
		c := exec.Command(bin, step)
		c.Env = env
		if out, err := c.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("%s: %w\n%s", step, err, out)
		}
	}
	if r.st, err = store.Open(context.Background(), store.Postgres, dsn); err != nil {
		return nil, err
	}
	r.cleanup = append(r.cleanup, func() { _ = r.st.Close() })
	for _, srv := range []**pipelineRun{&r.a, &r.b} {
		run, err := startPipelineServer(bin, env)
		if err != nil {
			return nil, err
		}
		*srv = run
		r.cleanup = append(r.cleanup, run.stop)
	}
	for _, run := range []*pipelineRun{r.a, r.b} {
		if _, err := run.WaitReady(10 * time.Minute); err != nil {
			return nil, err
		}
	}
	return r, nil
}
