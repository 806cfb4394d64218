import { useId } from 'react';
import type { ContentOutdated, FieldSpec } from '../api';
import { useLabels } from '../shell/lang';
import { fieldLabel } from './content-labels';
import { altOf, CoverChange, coverOf } from './cover-change';
import { DiffText } from './version-diff';
import { textOf, wordDiff } from './word-diff';

/**
 * One field's English as it was, with the words since removed struck through, or as it is,
 * with the words since added underlined: the same word diff the versions show.
 */
function EnglishSide({
  before,
  now,
  side,
}: {
  before: unknown;
  now: unknown;
  side: 'before' | 'now';
}) {
  const hidden = side === 'before' ? 'added' : 'removed';
  const parts = wordDiff(textOf(before), textOf(now)).filter((p) => p.kind !== hidden);
  return <DiffText parts={parts} lang="en" dir="ltr" />;
}

/**
 * What changed in the English since this translation was published: each changed field, the
 * English before and now; the fields that did not change are named.
 */
export function OutdatedPanel({
  outdated,
  fields,
}: {
  outdated: ContentOutdated;
  fields: FieldSpec[];
}) {
  const { t, when } = useLabels();
  const id = useId();
  const known = fields.map((f) => f.name);
  const changed = [
    ...known.filter((n) => outdated.fields.includes(n)),
    ...outdated.fields.filter((n) => !known.includes(n)),
  ];
  const unchanged = known
    .filter((n) => !outdated.fields.includes(n) && n in outdated.englishNow)
    .map((n) => fieldLabel(t, n));
  return (
    <section
      aria-labelledby={id}
      className="mb-6 rounded-lg border border-warn bg-warn-soft p-4 text-ink"
      data-outdated-panel
    >
      <h3 id={id} className="mb-1 font-semibold">
        {t('content.outdated.title')}
      </h3>
      <p className="mb-3">{t('content.outdated.lead', { date: when(outdated.since) })}</p>
      <ul className="grid gap-3">
        {changed.map((name) => (
          <li
            key={name}
            className="rounded-lg border border-s-4 border-line border-s-warn bg-raised p-3"
            data-changed-field={name}
          >
            <p className="mb-2 font-semibold">
              {fieldLabel(t, name)} <span aria-hidden="true">·</span>{' '}
              <span className="font-normal">{t('content.outdated.changed')}</span>
            </p>
            {fields.find((f) => f.name === name)?.kind === 'cover' ? (
              <CoverChange
                before={coverOf(outdated.englishBefore[name])}
                after={coverOf(outdated.englishNow[name])}
                altBefore={altOf(outdated.englishBefore)}
                altAfter={altOf(outdated.englishNow)}
                lang="en"
              />
            ) : (
              <dl className="grid gap-3 sm:grid-cols-2">
                <div data-english="before">
                  <dt className="text-sm text-ink-muted">{t('content.outdated.before')}</dt>
                  <dd lang="en" dir="ltr">
                    <EnglishSide
                      before={outdated.englishBefore[name]}
                      now={outdated.englishNow[name]}
                      side="before"
                    />
                  </dd>
                </div>
                <div data-english="now">
                  <dt className="text-sm text-ink-muted">{t('content.outdated.now')}</dt>
                  <dd lang="en" dir="ltr">
                    <EnglishSide
                      before={outdated.englishBefore[name]}
                      now={outdated.englishNow[name]}
                      side="now"
                    />
                  </dd>
                </div>
              </dl>
            )}
          </li>
        ))}
      </ul>
      {unchanged.length > 0 && (
        <p className="mt-3 text-sm">
          {t('content.outdated.unchanged', { fields: unchanged.join(t('common.listSeparator')) })}
        </p>
      )}
    </section>
  );
}
