/**
 * Word by word differences between two texts, for the editor's version, conflict and
 * outdated-translation views: which words were removed and which added, with everything else
 * kept as it was, so that joining the kept and removed parts gives the text before and joining
 * the kept and added parts the text after.
 */

/** A run of a diff: text both sides have, or text only the one before or the one after has. */
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

/**
 * A word: letters, their combining marks (Arabic vowel signs, French accents typed as marks),
 * digits of any script and joiners, with an apostrophe inside it kept ("aujourd'hui",
 * "l’équipe"); then runs of white space; then any other single character (punctuation such as
 * the Arabic comma "،" and question mark "؟" stands alone).
 */
const tokenPattern =
  /[\p{L}\p{M}\p{N}\p{Pc}\u200c\u200d]+(?:['’][\p{L}\p{M}\p{N}\u200c\u200d]+)*|\s+|./gsu;

/** A text cut into words, runs of white space and single other characters, in order. */
export function tokens(text: string): string[] {
  return text.match(tokenPattern) ?? [];
}

type Step = 'same' | 'removed' | 'added';

/**
 * Beyond this many differing tokens the shortest edit is not searched for, and the differing
 * middle is shown as removed and added whole: the search keeps a row per step, so its memory
 * grows with the square of the differences, and a text this different reads best that way.
 */
const mostSteps = 1500;

/**
 * The shortest edit turning `a` into `b` (Myers' O(ND) algorithm), as one step per token:
 * kept, removed from a, or added from b; null when more than `limit` tokens differ.
 */
export function shortestEdit<T>(
  a: readonly T[],
  b: readonly T[],
  equal: (x: T, y: T) => boolean = Object.is,
  limit = mostSteps,
): Step[] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  // v[offset + k]: the furthest x reached on diagonal k (x - y = k).
  const v = new Int32Array(2 * max + 3);
  // Before step d, the diagonals -d-1 … d+1 are all it reads: those are kept per step.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, limit); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && equal(a[x]!, b[y]!)) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return null;
}

/** Walks the kept rows back from the end to the start, naming each step on the way. */
function backtrack(trace: Int32Array[], n: number, m: number): Step[] {
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const row = trace[d]!;
    // row[i] is diagonal i - d - 1.
    const at = (k: number) => row[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      steps.push('same');
      x--;
      y--;
    }
    if (d > 0) steps.push(x === prevX ? 'added' : 'removed');
    x = prevX;
    y = prevY;
  }
  return steps.reverse();
}

type Segment = { same: string } | { removed: string; added: string };

/** The word diff of two texts, as runs of kept, removed and added text. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const steps = shortestEdit(midA, midB) ?? [
    ...midA.map((): Step => 'removed'),
    ...midB.map((): Step => 'added'),
  ];

  const segments: Segment[] = [];
  const keep = (text: string) => {
    const last = segments.at(-1);
    if (last && 'same' in last) last.same += text;
    else segments.push({ same: text });
  };
  const change = (side: 'removed' | 'added', text: string) => {
    let last = segments.at(-1);
    if (!last || 'same' in last) {
      last = { removed: '', added: '' };
      segments.push(last);
    }
    last[side] += text;
  };
  if (start > 0) keep(a.slice(0, start).join(''));
  let i = 0;
  let j = 0;
  for (const step of steps) {
    if (step === 'same') {
      keep(midA[i]!);
      i++;
      j++;
    } else if (step === 'removed') change('removed', midA[i++]!);
    else change('added', midB[j++]!);
  }
  if (endA < a.length) keep(a.slice(endA).join(''));
  return parts(absorbSpaces(segments));
}

/**
 * Joins two changes separated only by white space into one ("<del>quick brown</del>" rather
 * than "<del>quick</del> <del>brown</del>"), which reads as the sentence it was; the space
 * goes to both sides, so each side still joins up to its text.
 */
function absorbSpaces(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const prev = out.at(-1);
    const next = segments[i + 1];
    if (
      'same' in seg &&
      /^\s+$/u.test(seg.same) &&
      prev &&
      !('same' in prev) &&
      next &&
      !('same' in next) &&
      (prev.removed || next.removed) &&
      (prev.added || next.added)
    ) {
      prev.removed += seg.same + next.removed;
      prev.added += seg.same + next.added;
      i++;
      continue;
    }
    out.push({ ...seg });
  }
  return out;
}

function parts(segments: Segment[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const seg of segments) {
    if ('same' in seg) {
      if (seg.same) out.push({ kind: 'same', text: seg.same });
      continue;
    }
    if (seg.removed) out.push({ kind: 'removed', text: seg.removed });
    if (seg.added) out.push({ kind: 'added', text: seg.added });
  }
  return out;
}

/** Whether a value is a rich-text document (TipTap/ProseMirror JSON: `{"type": "doc", …}`). */
export function isDoc(value: unknown): value is { type: 'doc'; content?: unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { type?: unknown }).type === 'doc'
  );
}

type DocNode = {
  type?: string;
  text?: string;
  content?: DocNode[];
  attrs?: Record<string, unknown>;
};

/** The text of a node's inline content: its text nodes, a hard break as a new line. */
function inlineText(node: DocNode): string {
  return (node.content ?? [])
    .map((child) =>
      child.type === 'text'
        ? (child.text ?? '')
        : child.type === 'hardBreak'
          ? '\n'
          : inlineText(child),
    )
    .join('');
}

/**
 * A document's blocks as texts, in reading order: a paragraph, heading or code block is one;
 * lists, list items and quotes give the blocks inside them; an image its description.
 */
export function docBlocks(node: DocNode): string[] {
  const content = node.content ?? [];
  if (content.some((child) => child.type === 'text' || child.type === 'hardBreak')) {
    return [inlineText(node)];
  }
  if (content.length === 0) {
    const alt = node.attrs?.alt;
    return typeof alt === 'string' && alt ? [alt] : [];
  }
  return content.flatMap((child) => docBlocks(child));
}

/**
 * A field's value as the text its diff compares: a text as it is, a number or a yes/no spelt
 * out, nothing as empty, and a rich-text document as its blocks, a blank line between two.
 */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isDoc(value)) return docBlocks(value as DocNode).join('\n\n');
  if (Array.isArray(value)) return value.map(textOf).join('\n\n');
  return Object.values(value as Record<string, unknown>)
    .map(textOf)
    .join('\n');
}
