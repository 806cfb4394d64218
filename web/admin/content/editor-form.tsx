import { dangerButtonClass, Card } from '../ui';
import { useT } from '../shell/lang';
import { named } from './content-labels';
import { CoverTarget } from './cover-upload';
import { Fields, ListingTarget, TextLang, type Json } from './fields';
import { OutdatedPanel } from './outdated-panel';
import { SchedulePanel } from './schedule-panel';
import { SectionIndex, sectionId } from './section-index';
import { editorFormId } from './jump';
import type { useContentEditor } from './use-content-editor';

/**
 * Whether the form holds something to publish: not what the site already shows in this language.
 * An outdated translation may be published again as it is, once checked against the English.
 */
export function publishable(editor: ReturnType<typeof useContentEditor>): boolean {
  const { item, locale, base, dirty } = editor;
  const lang = item?.languages[locale];
  const published = lang?.published ?? 0;
  return !(
    !lang?.outdated &&
    !dirty &&
    (base === 0 ? lang?.state === 'published' : base === published)
  );
}

/** The form of the language edited, its outdated English, its plan and its index of sections. */
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
  const { item, fields, locale, draft, base, errors, busy, loading } = editor;
  if (!item || !fields) return null;
  const lang = item.languages[locale];
  const canWrite = item.writable.includes(locale);
  const english = locale === 'en' ? undefined : (item.languages.en?.live ?? undefined);
  return (
    <Card>
      <h2 className="mb-4 text-xl font-semibold">
        {t('content.editing', { language: named(t, 'languageNames.', locale) })}
      </h2>
      <SectionIndex fields={fields} />
      {!canWrite && <p className="mb-4">{t('content.readOnly')}</p>}
      {locale !== 'en' && lang?.outdated && (
        <OutdatedPanel outdated={lang.outdated} fields={fields} />
      )}
      <form
        id={editorFormId}
        noValidate
        aria-busy={loading}
        onSubmit={(e) => {
          e.preventDefault();
          void editor.save(base);
        }}
      >
        <TextLang.Provider value={{ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' }}>
          <CoverTarget.Provider value={{ collection, slug, locale }}>
            <ListingTarget.Provider
              value={{ collection, slug, locale, draft, english: english as Json | undefined }}
            >
              {/* Each top-level field is a group the index jumps to. */}
              {fields.map((spec) => (
                <div key={spec.name} id={sectionId(spec.name)} className="scroll-mt-4">
                  <Fields
                    fields={[spec]}
                    prefix=""
                    value={draft}
                    english={english}
                    errors={errors}
                    readOnly={!canWrite || loading}
                    onChange={editor.edit}
                  />
                </div>
              ))}
            </ListingTarget.Provider>
          </CoverTarget.Provider>
        </TextLang.Provider>
        {canWrite && locale !== 'en' && lang?.live && (
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={dangerButtonClass}
              disabled={busy}
              onClick={() => void editor.unpublish()}
            >
              {t('content.unpublish')}
            </button>
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
