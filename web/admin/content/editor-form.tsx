import { buttonClass, dangerButtonClass, secondaryButtonClass, Card } from '../ui';
import { useT } from '../shell/lang';
import { named } from './content-labels';
import { CoverTarget } from './cover-upload';
import { Fields, TextLang } from './fields';
import { OutdatedPanel } from './outdated-panel';
import { SchedulePanel } from './schedule-panel';
import type { useContentEditor } from './use-content-editor';

/** The form of the language edited, its actions, its outdated English and its plan. */
export function EditorForm({
  editor,
  collection,
  slug,
}: {
  editor: ReturnType<typeof useContentEditor>;
  collection: string;
  slug: string;
}) {
  const { t } = useT();
  const { item, fields, locale, draft, base, dirty, errors, busy } = editor;
  if (!item || !fields) return null;
  const lang = item.languages[locale];
  const canWrite = item.writable.includes(locale);
  const english = locale === 'en' ? undefined : (item.languages.en?.live ?? undefined);
  const published = lang?.published ?? 0;
  // Nothing to publish: the form holds what the site shows in this language.
  // An outdated translation may be published again as it is, once checked against the English.
  const upToDate =
    !lang?.outdated && !dirty && (base === 0 ? lang?.state === 'published' : base === published);
  return (
    <Card>
      <h2 className="mb-1 text-xl font-semibold">
        {t('content.editing', { language: named(t, 'languageNames.', locale) })}
      </h2>
      <p className="mb-4 text-sm text-ink-muted" role="status">
        {t(`content.stateNames.${lang?.state ?? 'missing'}`)}
        {lang?.outdated ? ` · ${t('content.stateNames.outdated')}` : ''}
        {dirty ? ` · ${t('content.unsaved')}` : ''}
      </p>
      {!canWrite && <p className="mb-4">{t('content.readOnly')}</p>}
      {locale !== 'en' && lang?.outdated && (
        <OutdatedPanel outdated={lang.outdated} fields={fields} />
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void editor.save(base);
        }}
      >
        <TextLang.Provider value={{ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' }}>
          <CoverTarget.Provider value={{ collection, slug, locale }}>
            <Fields
              fields={fields}
              prefix=""
              value={draft}
              english={english}
              errors={errors}
              readOnly={!canWrite}
              onChange={editor.edit}
            />
          </CoverTarget.Provider>
        </TextLang.Provider>
        {canWrite && (
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={secondaryButtonClass} disabled={busy}>
              {t('content.save')}
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={busy || upToDate}
              onClick={() => void editor.publish()}
            >
              {t('content.publish')}
            </button>
            {locale !== 'en' && lang?.live && (
              <button
                type="button"
                className={dangerButtonClass}
                disabled={busy}
                onClick={() => void editor.unpublish()}
              >
                {t('content.unpublish')}
              </button>
            )}
          </div>
        )}
      </form>
      {canWrite && (
        <SchedulePanel
          key={locale}
          locale={locale}
          live={Boolean(lang?.live)}
          schedule={lang?.schedule ?? null}
          busy={busy}
          onSchedule={editor.schedule}
          onCancel={editor.cancelSchedule}
        />
      )}
    </Card>
  );
}
