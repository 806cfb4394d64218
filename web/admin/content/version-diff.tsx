import type { FieldSpec } from '../api';
import { fieldLabel } from './content-labels';
import { useT } from '../shell/lang';
import { altOf, CoverChange, coverOf } from './cover-change';
import { isDoc, shortestEdit, textOf, wordDiff, type DiffPart } from './word-diff';

type Translate = ReturnType<typeof useT>['t'];
type Json = Record<string, unknown>;

/** One field (or list entry, or field of an entry) that differs between two bodies. */
export type FieldChange = {
  /** Its path as the server names it in messages: `title`, `body[2]`, `speakers[0].name`. */
  path: string;
  /** Its name as the editor labels it: "Text 3", "Speakers 1 · Name". */
  label: string;
  parts: DiffPart[];
  /** For a changed cover: the id of the cover before and after ('' for the drawn art). */
  cover?: { before: string; after: string };
};

/** A top-level field both bodies hold alike. */
export type FieldKept = { name: string; label: string; text: string };

/** Whether a value holds nothing: the form's empty optional field and the server's absent one are alike. */
const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

/** A value as JSON with its keys sorted, so that key order does not count as a change. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Json).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

/** Whether two values of a field say the same. */
export function sameValue(a: unknown, b: unknown): boolean {
  return (empty(a) && empty(b)) || canonical(a) === canonical(b);
}

/** How alike two values read, from 0 (no word in common) to 1 (the same text). */
function likeness(x: unknown, y: unknown): number {
  const a = textOf(x);
  const b = textOf(y);
  if (!a.length && !b.length) return 1;
  const kept = wordDiff(a, b)
    .filter((p) => p.kind === 'same')
    .reduce((n, p) => n + p.text.trim().length, 0);
  return (2 * kept) / (a.length + b.length);
}

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isDoc(v);

/** The names of an object's fields: those the shape declares, in its order, then any other. */
function names(specs: FieldSpec[] | undefined, ...values: unknown[]): string[] {
  const out = (specs ?? []).map((f) => f.name);
  for (const v of values) {
    if (isObject(v)) for (const k of Object.keys(v)) if (!out.includes(k)) out.push(k);
  }
  return out;
}

/**
 * Walks two values of one field by path, adding to `out` each text that differs with its word
 * diff: an object field by field, a list entry by entry, its entries matched first where they
 * are equal (so an entry added in the middle shows as one added entry, not as every later one
 * changed), and a rich-text document as its text.
 */
function walk(
  t: Translate,
  before: unknown,
  after: unknown,
  path: string,
  label: string,
  spec: FieldSpec | undefined,
  out: FieldChange[],
) {
  if (sameValue(before, after)) return;
  const list = (v: unknown) => Array.isArray(v) || empty(v);
  if ((Array.isArray(before) || Array.isArray(after)) && list(before) && list(after)) {
    const a = Array.isArray(before) ? before : [];
    const b = Array.isArray(after) ? after : [];
    const steps = shortestEdit(a, b, sameValue) ?? [
      ...a.map(() => 'removed' as const),
      ...b.map(() => 'added' as const),
    ];
    const entrySpec = spec?.kind === 'objects' ? { ...spec, kind: 'object' as const } : undefined;
    const entry = (i: number) => ({
      path: `${path}[${i}]`,
      label: t('content.entry', { field: label, number: i + 1 }),
    });
    let i = 0;
    let j = 0;
    let removed: number[] = [];
    let added: number[] = [];
    // A run of removed and added entries between two kept ones: each removed entry is paired,
    // in order, with the later added entry most like it (if any is much like it) and compared
    // word by word; the rest are removed or added whole.
    const flush = () => {
      const pairs: [number | undefined, number | undefined][] = [];
      let from = 0;
      for (const r of removed) {
        let best = -1;
        let bestScore = 0.3;
        for (let p = from; p < added.length; p++) {
          const score = likeness(a[r], b[added[p]!]);
          if (score > bestScore) {
            best = p;
            bestScore = score;
          }
        }
        if (best < 0) {
          pairs.push([r, undefined]);
          continue;
        }
        for (; from < best; from++) pairs.push([undefined, added[from]]);
        pairs.push([r, added[best]]);
        from = best + 1;
      }
      for (; from < added.length; from++) pairs.push([undefined, added[from]]);
      for (const [r, d] of pairs) {
        const at = entry(d ?? r!);
        walk(
          t,
          r === undefined ? undefined : a[r],
          d === undefined ? undefined : b[d],
          at.path,
          at.label,
          entrySpec,
          out,
        );
      }
      removed = [];
      added = [];
    };
    for (const step of steps) {
      if (step === 'same') {
        flush();
        i++;
        j++;
      } else if (step === 'removed') removed.push(i++);
      else added.push(j++);
    }
    flush();
    return;
  }
  if ((isObject(before) || isObject(after)) && !isDoc(before) && !isDoc(after)) {
    const a = isObject(before) ? before : {};
    const b = isObject(after) ? after : {};
    if ((isObject(before) || empty(before)) && (isObject(after) || empty(after))) {
      for (const name of names(spec?.fields, a, b)) {
        walk(
          t,
          a[name],
          b[name],
          `${path}.${name}`,
          `${label} · ${fieldLabel(t, name)}`,
          spec?.fields?.find((f) => f.name === name),
          out,
        );
      }
      return;
    }
  }
  if (spec?.kind === 'cover') {
    out.push({ path, label, parts: [], cover: { before: coverOf(before), after: coverOf(after) } });
    return;
  }
  out.push({ path, label, parts: wordDiff(textOf(before), textOf(after)) });
}

/**
 * What differs between two bodies of an item, field by field in the shape's order, and the
 * top-level fields that did not change.
 */
export function compareBodies(
  t: Translate,
  before: Json | null | undefined,
  after: Json | null | undefined,
  fields: FieldSpec[],
): { changed: FieldChange[]; kept: FieldKept[] } {
  const a = before ?? {};
  const b = after ?? {};
  const changed: FieldChange[] = [];
  const kept: FieldKept[] = [];
  for (const name of names(fields, a, b)) {
    const label = fieldLabel(t, name);
    const spec = fields.find((f) => f.name === name);
    if (sameValue(a[name], b[name])) {
      if (!empty(b[name])) kept.push({ name, label, text: textOf(b[name]) });
      continue;
    }
    walk(t, a[name], b[name], name, label, spec, changed);
  }
  return { changed, kept };
}

/**
 * A text with its removed words struck through and its added words underlined, each marked
 * for screen readers too (a removed or added run starts by saying so, in the reader's
 * language), in the direction of the text's language.
 */
export function DiffText({
  parts,
  lang,
  dir,
}: {
  parts: DiffPart[];
  lang: string;
  dir: 'ltr' | 'rtl';
}) {
  const { t, lang: readerLang } = useT();
  if (parts.length === 0) {
    return <p className="text-ink-muted">{t('content.outdated.empty')}</p>;
  }
  return (
    <p lang={lang} dir={dir} className="break-words whitespace-pre-wrap">
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del
            key={i}
            className="me-0.5 rounded-sm bg-danger-soft text-ink line-through decoration-danger decoration-2"
          >
            <span className="sr-only" lang={readerLang}>
              {t('content.diff.removed')}{' '}
            </span>
            {part.text}
          </del>
        ) : (
          <ins
            key={i}
            className="rounded-sm bg-accent-soft text-ink underline decoration-accent decoration-2 underline-offset-4"
          >
            <span className="sr-only" lang={readerLang}>
              {t('content.diff.added')}{' '}
            </span>
            {part.text}
          </ins>
        ),
      )}
    </p>
  );
}

/**
 * Two bodies of an item compared field by field: each changed field (or entry of a list) by its
 * label with its words removed and added marked, and the fields that did not change folded
 * away under their names.
 */
export function BodyDiff({
  before,
  after,
  fields,
  lang,
  dir,
}: {
  before: Json | null | undefined;
  after: Json | null | undefined;
  fields: FieldSpec[];
  lang: string;
  dir: 'ltr' | 'rtl';
}) {
  const { t } = useT();
  const { changed, kept } = compareBodies(t, before, after, fields);
  return (
    <div data-diff>
      {changed.length === 0 ? (
        <p className="mb-2">{t('content.diff.noChanges')}</p>
      ) : (
        <ul className="grid gap-3">
          {changed.map((c) => (
            <li
              key={c.path}
              className="rounded-lg border border-s-4 border-line border-s-brand bg-raised p-3"
              data-diff-field={c.path}
            >
              <p className="mb-1 text-sm font-semibold">{c.label}</p>
              {c.cover ? (
                <CoverChange
                  before={c.cover.before}
                  after={c.cover.after}
                  altBefore={altOf(before)}
                  altAfter={altOf(after)}
                  lang={lang}
                />
              ) : (
                <DiffText parts={c.parts} lang={lang} dir={dir} />
              )}
            </li>
          ))}
        </ul>
      )}
      {kept.length > 0 && (
        <details className="mt-3">
          <summary className="min-h-11 cursor-pointer py-2">
            {t('content.diff.unchanged', {
              fields: kept.map((k) => k.label).join(t('common.listSeparator')),
            })}
          </summary>
          <dl className="grid gap-2">
            {kept.map((k) => (
              <div key={k.name}>
                <dt className="text-sm font-semibold">{k.label}</dt>
                <dd lang={lang} dir={dir} className="break-words whitespace-pre-wrap">
                  {k.text}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
