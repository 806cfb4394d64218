import { useId, useState } from 'react';
import type { ContentVersion, FieldSpec, ReviewStep } from '../api';
import { Card, inputClass } from '../ui';
import { useLabels } from '../shell/lang';
import { replaceWith, usePathname, useSearch } from '../shell/navigation';
import { useVersionBodies } from './queries';
import {
  comparable,
  comparisonHref,
  comparisonIn,
  versionNumbers,
  type Comparison,
} from './version-compare';
import { BodyDiff } from './version-diff';

type Json = Record<string, unknown>;

type Compared = 'previous' | 'live';

/**
 * A language's versions, newest first: its number, who saved each (the shipped site for the text
 * the site shipped with) and when, which is published and which the form holds; for the one
 * chosen, what it changed since the version before it (or how it differs from the published
 * text), word by word; then restoring it as a new draft. Above them, any two versions chosen, A
 * and B, compared word by word, the choice kept in the address (?a=&b=) so that it can be shared.
 * Below them, the language's review steps: who sent which version, who approved it or asked for
 * changes, with the note or comment and when.
 */
export function VersionHistory({
  collection,
  slug,
  locale,
  versions,
  reviews,
  fields,
  base,
  published,
  live,
  canWrite,
  busy,
  onRestore,
}: {
  collection: string;
  slug: string;
  locale: string;
  versions: ContentVersion[];
  reviews: ReviewStep[];
  fields: FieldSpec[];
  base: number;
  published: number;
  live: Json | null;
  canWrite: boolean;
  busy: boolean;
  onRestore: (version: number) => void;
}) {
  const { t, when } = useLabels();
  const id = useId();
  const [open, setOpen] = useState(0);
  const [compared, setCompared] = useState<Compared>('previous');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const path = usePathname();
  const search = useSearch();
  const chosen = comparisonIn(search, versions);
  const choose = (next: Comparison) => replaceWith(comparisonHref(path, search, locale, next));
  const numbers = versionNumbers(versions);
  // The version opened and the one before it, and the two compared, each loaded once: a saved
  // version never changes.
  const at = versions.findIndex((v) => v.id === open);
  const wanted = [
    ...new Set(
      [
        ...(at < 0 ? [] : [open, versions[at + 1]?.id ?? 0]),
        ...(comparable(chosen) ? [chosen.a, chosen.b] : []),
      ].filter((v) => v > 0),
    ),
  ];
  const loaded = useVersionBodies(collection, slug, locale, wanted);
  const bodies: Record<number, Json> = {};
  for (const [i, v] of wanted.entries()) {
    const body = loaded[i]?.data;
    if (body) bodies[v] = body;
  }
  const refusal = loaded.find((q) => q.error)?.error;
  const failed = refusal ? refusal.message || t('common.unreachable') : '';

  const toggle = (index: number) => {
    const v = versions[index]!;
    setOpen(open === v.id ? 0 : v.id);
  };

  return (
    <Card className="self-start">
      <h2 className="mb-3 text-xl font-semibold">{t('content.versions')}</h2>
      {versions.length === 0 ? (
        <p>{t('content.noVersions')}</p>
      ) : (
        <>
          {versions.length > 1 && (
            <CompareVersions
              versions={versions}
              numbers={numbers}
              chosen={chosen}
              onChoose={choose}
              bodies={bodies}
              failed={failed}
              fields={fields}
              locale={locale}
              base={base}
              canWrite={canWrite}
              busy={busy}
              onRestore={onRestore}
            />
          )}
          <ol className="grid gap-3">
            {versions.map((v, index) => {
              const previous = versions[index + 1];
              const panel = `${id}-${v.id}`;
              const against = compared === 'live' && live ? live : null;
              const before = against ?? (previous ? bodies[previous.id] : undefined);
              const after = bodies[v.id];
              return (
                <li
                  key={v.id}
                  className="min-w-0 border-b border-line pb-3 last:border-0 last:pb-0"
                  data-version={v.id}
                >
                  <p className="font-semibold">
                    {t('content.versionNumber', { version: numbers.get(v.id) ?? '' })}
                    <span aria-hidden="true"> · </span>
                    <bdi data-author>{authorOf(t, v)}</bdi>
                  </p>
                  <p className="text-sm text-ink-muted">
                    <time dateTime={v.createdAt}>{when(v.createdAt)}</time>
                    {v.id === published && ` · ${t('content.stateNames.published')}`}
                    {v.id === base && ` · ${t('content.latest')}`}
                  </p>
                  <button
                    type="button"
                    className="mt-1 block min-h-11 text-start underline underline-offset-4"
                    aria-expanded={open === v.id}
                    aria-controls={open === v.id ? panel : undefined}
                    onClick={() => toggle(index)}
                  >
                    {t('content.version.changes', { date: when(v.createdAt) })}
                  </button>
                  {open === v.id && (
                    <div id={panel} className="my-2" data-version-changes>
                      {live && (
                        <fieldset className="mb-3">
                          <legend className="text-sm font-semibold">
                            {t('content.version.compareWith')}
                          </legend>
                          {(['previous', 'live'] as const).map((c) => (
                            <label key={c} className="flex min-h-11 items-center gap-2">
                              <input
                                type="radio"
                                name={`${panel}-against`}
                                value={c}
                                checked={compared === c}
                                onChange={() => setCompared(c)}
                              />
                              {t(
                                c === 'live'
                                  ? 'content.version.compareLive'
                                  : 'content.version.comparePrevious',
                              )}
                            </label>
                          ))}
                        </fieldset>
                      )}
                      {failed ? (
                        <p role="alert" className="text-danger">
                          {failed}
                        </p>
                      ) : !after || (!against && previous && !before) ? (
                        <p role="status">{t('common.loading')}</p>
                      ) : !against && !previous ? (
                        <p>
                          {t(v.shipped ? 'content.version.firstShipped' : 'content.version.first')}
                        </p>
                      ) : (
                        <>
                          {against && (
                            <p className="mb-2 text-sm">{t('content.version.againstLive')}</p>
                          )}
                          <BodyDiff
                            before={before}
                            after={after}
                            fields={fields}
                            lang={locale}
                            dir={dir}
                          />
                        </>
                      )}
                    </div>
                  )}
                  {canWrite && v.id !== base && (
                    <button
                      type="button"
                      className="mt-1 block min-h-11 text-start underline underline-offset-4"
                      disabled={busy}
                      onClick={() => onRestore(v.id)}
                    >
                      {t('content.restore', { date: when(v.createdAt) })}
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {reviews.length > 0 && (
        <section aria-labelledby={`${id}-reviews`} className="mt-6" data-review-history>
          <h3 id={`${id}-reviews`} className="mb-2 text-lg font-semibold">
            {t('content.reviewHistory.title')}
          </h3>
          <ol className="grid gap-2">
            {reviews.map((r, index) => (
              <li
                key={`${r.at}-${index}`}
                className="border-b border-line pb-2 last:border-0 last:pb-0"
                data-review-step={r.action}
              >
                <p>
                  {t(`content.reviewHistory.${r.action}`, {
                    name: r.by.name || t('content.someone'),
                    version: numbers.get(r.version) ?? r.version,
                  })}
                </p>
                {r.comment && (
                  <p className="mt-1">
                    <q dir="auto">{r.comment}</q>
                  </p>
                )}
                <p className="text-sm text-ink-muted">
                  <time dateTime={r.at}>{when(r.at)}</time>
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </Card>
  );
}

type Translate = ReturnType<typeof useLabels>['t'];

/** Who a version is by: the shipped site, a staff member, or one no longer on the staff. */
function authorOf(t: Translate, v: ContentVersion): string {
  if (v.shipped) return t('content.version.shipped');
  return v.author.name || t('content.someone');
}

/**
 * Two versions chosen, A (before) and B (after), and what differs between them word by word;
 * then restoring A, the older text one usually goes back to.
 */
function CompareVersions({
  versions,
  numbers,
  chosen,
  onChoose,
  bodies,
  failed,
  fields,
  locale,
  base,
  canWrite,
  busy,
  onRestore,
}: {
  versions: ContentVersion[];
  numbers: Map<number, number>;
  chosen: Comparison;
  onChoose: (next: Comparison) => void;
  bodies: Record<number, Json>;
  failed: string;
  fields: FieldSpec[];
  locale: string;
  base: number;
  canWrite: boolean;
  busy: boolean;
  onRestore: (version: number) => void;
}) {
  const { t, when } = useLabels();
  const id = useId();
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const before = bodies[chosen.a];
  const after = bodies[chosen.b];
  const picker = (side: 'a' | 'b') => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${side}`} className="block font-semibold">
        {t(side === 'a' ? 'content.compare.a' : 'content.compare.b')}
      </label>
      <select
        id={`${id}-${side}`}
        className={`${inputClass} w-full`}
        value={chosen[side] || ''}
        data-compare={side}
        onChange={(e) => onChoose({ ...chosen, [side]: Number(e.target.value) || 0 })}
      >
        <option value="">{t('content.compare.choose')}</option>
        {versions.map((v) => (
          <option key={v.id} value={v.id}>
            {t('content.compare.option', {
              number: numbers.get(v.id) ?? '',
              // Isolated, so that a name or a date in the other direction keeps its order.
              author: `\u2068${authorOf(t, v)}\u2069`,
              date: `\u2068${when(v.createdAt)}\u2069`,
            })}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-4 border-b border-line pb-4"
      data-compare-versions
    >
      <h3 id={`${id}-title`} className="mb-1 font-semibold">
        {t('content.compare.title')}
      </h3>
      <p className="mb-2 text-sm text-ink-muted">{t('content.compare.lead')}</p>
      <div className="grid gap-3">
        {picker('a')}
        {picker('b')}
      </div>
      {chosen.a > 0 && chosen.a === chosen.b && <p className="mt-2">{t('content.compare.same')}</p>}
      {comparable(chosen) && (
        <div className="mt-3" data-compare-result aria-live="polite">
          {failed ? (
            <p role="alert" className="text-danger">
              {failed}
            </p>
          ) : !before || !after ? (
            <p role="status">{t('common.loading')}</p>
          ) : (
            <>
              <p className="mb-2 text-sm">
                {t('content.compare.heading', {
                  a: numbers.get(chosen.a) ?? '',
                  b: numbers.get(chosen.b) ?? '',
                })}
              </p>
              <BodyDiff before={before} after={after} fields={fields} lang={locale} dir={dir} />
            </>
          )}
          {canWrite && chosen.a !== base && (
            <button
              type="button"
              className="mt-2 block min-h-11 text-start underline underline-offset-4"
              disabled={busy}
              data-compare-restore
              onClick={() => onRestore(chosen.a)}
            >
              {t('content.compare.restore', { number: numbers.get(chosen.a) ?? '' })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
