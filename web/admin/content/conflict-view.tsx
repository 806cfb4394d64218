import { useEffect, useId, useRef } from 'react';
import type { ContentVersion, FieldSpec } from '../api';
import { fieldLabel } from './content-labels';
import { buttonClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';
import { BodyDiff, sameValue } from './version-diff';

type Json = Record<string, unknown>;

/**
 * A save refused because someone saved the language since the form was opened: what they
 * changed since the version the form started from, and what the staff member changed and has
 * not saved, each word by word; then their choice, and nothing is written until they make it:
 * keep the other version (their own changes are dropped), take the other's text of a field
 * into the form, or save the form on top of the other version.
 */
export function ConflictView({
  theirs,
  base,
  mine,
  fields,
  locale,
  busy,
  onKeepTheirs,
  onSaveMine,
  onTakeField,
}: {
  theirs: ContentVersion;
  base: Json;
  mine: Json;
  fields: FieldSpec[];
  locale: string;
  busy: boolean;
  onKeepTheirs: () => void;
  onSaveMine: () => void;
  onTakeField: (name: string) => void;
}) {
  const { t, when } = useLabels();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const name = theirs.author.name || t('content.someone');
  const body = (theirs.body ?? {}) as Json;
  const mineChanged = fields.some((f) => !sameValue(base[f.name], mine[f.name]));
  // The fields they changed whose text the form does not hold yet.
  const takeable = fields.filter(
    (f) => !sameValue(base[f.name], body[f.name]) && !sameValue(mine[f.name], body[f.name]),
  );

  // Keyboard and screen-reader users land on the choice as it appears.
  useEffect(() => {
    heading.current?.focus();
  }, [theirs.id]);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-lg border border-danger bg-danger-soft p-4 text-ink"
      data-conflict
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="mb-1 font-semibold">
        {t('content.conflict.title')}
      </h2>
      <p role="alert" className="mb-4">
        {t('content.conflict.body', { name, date: when(theirs.createdAt) })}
      </p>
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <section
          aria-labelledby={`${id}-theirs`}
          className="min-w-0 rounded-lg border border-line bg-page p-3"
          data-conflict-side="theirs"
        >
          <h3 id={`${id}-theirs`} className="mb-2 font-semibold">
            <bdi>{t('content.conflict.theirs', { name })}</bdi>
          </h3>
          <BodyDiff before={base} after={body} fields={fields} lang={locale} dir={dir} />
          {takeable.length > 0 && (
            <div className="mt-3 flex flex-wrap gap-2">
              {takeable.map((f) => (
                <button
                  key={f.name}
                  type="button"
                  className={secondaryButtonClass}
                  disabled={busy}
                  onClick={() => onTakeField(f.name)}
                >
                  {t('content.conflict.takeField', { field: fieldLabel(t, f.name) })}
                </button>
              ))}
            </div>
          )}
        </section>
        <section
          aria-labelledby={`${id}-mine`}
          className="min-w-0 rounded-lg border border-line bg-page p-3"
          data-conflict-side="mine"
        >
          <h3 id={`${id}-mine`} className="mb-2 font-semibold">
            {t('content.conflict.mine')}
          </h3>
          {mineChanged ? (
            <BodyDiff before={base} after={mine} fields={fields} lang={locale} dir={dir} />
          ) : (
            <p>{t('content.conflict.noMine')}</p>
          )}
        </section>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onKeepTheirs}>
          {t('content.conflict.keepTheirs')}
        </button>
        <button type="button" className={buttonClass} disabled={busy} onClick={onSaveMine}>
          {t('content.overwrite')}
        </button>
      </div>
    </section>
  );
}
