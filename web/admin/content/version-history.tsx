import { useId, useState } from 'react';
import type { ContentVersion, FieldSpec, ReviewStep } from '../api';
import { Card } from '../ui';
import { useLabels } from '../shell/lang';
import { useVersionBodies } from './queries';
import { BodyDiff } from './version-diff';

type Json = Record<string, unknown>;

type Compared = 'previous' | 'live';

/**
 * A language's versions, newest first: who saved each and when, which is published and which
 * the form holds; for the one chosen, what it changed since the version before it (or how it
 * differs from the published text), word by word; then restoring it as a new draft. Below them,
 * the language's review steps: who sent which version, who approved it or asked for changes, with
 * the note or comment and when.
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
  // The version opened and the one before it, each loaded once: a saved version never changes.
  const at = versions.findIndex((v) => v.id === open);
  const wanted = at < 0 ? [] : [open, versions[at + 1]?.id ?? 0].filter((v) => v > 0);
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
                  <bdi>{v.author.name || t('content.someone')}</bdi>
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
                      <p>{t('content.version.first')}</p>
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
                    version: r.version,
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
