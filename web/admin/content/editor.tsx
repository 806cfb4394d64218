import { pagesCollection, type Session } from '../api';
import { NoticeBox, inputClass, secondaryButtonClass } from '../ui';
import { useT } from '../shell/lang';
import { Link } from '../shell/navigation';
import { useUnsavedGuard } from '../shell/unsaved';
import { ActionBar } from './action-bar';
import { ReviewPanel } from './review-panel';
import { ConflictView } from './conflict-view';
import { fieldLabel, named } from './content-labels';
import { EditorForm } from './editor-form';
import { cleaned, type Json } from './fields';
import { ItemActions } from './items';
import { PageActions } from './page-actions';
import { previewId } from './jump';
import { PreviewPanel } from './preview';
import { usePresence } from './presence';
import { PresenceNotice } from './presence-banner';
import { StateBadge } from './state-badge';
import { shownLanguages, useContentEditor } from './use-content-editor';
import { VersionHistory } from './version-history';

/** One item, one language at a time: the form, its actions and its versions. */
export function ContentEditor({
  collection,
  slug,
  session,
}: {
  collection: string;
  slug: string;
  session: Session;
}) {
  const { t } = useT();
  const editor = useContentEditor(collection, slug, session);
  const { item, fields, missing, locale, draft, base, dirty, conflict, newer, busy } = editor;
  const { startBody, versions, reviews } = editor;
  const { guard, dialog } = useUnsavedGuard(dirty, named(t, 'languageNames.', locale));
  const presence = usePresence(collection, slug, item && fields ? locale : '', dirty);

  const back = (
    <p className="mb-4">
      <Link to={`/admin/content?collection=${collection}`} className="underline underline-offset-4">
        {t('content.back', { collection: named(t, 'content.collectionNames.', collection) })}
      </Link>
    </p>
  );
  if (missing) {
    return (
      <div>
        {back}
        <NoticeBox notice={{ tone: 'error', text: missing }} />
      </div>
    );
  }
  if (!item || !fields || !locale) return <p role="status">{t('common.loading')}</p>;

  const lang = item.languages[locale];
  const canWrite = item.writable.includes(locale);
  const languages = shownLanguages(item, session);
  const title =
    (typeof draft.title === 'string' && draft.title) ||
    (item.languages.en?.live?.title as string | undefined) ||
    slug;

  const published = lang?.published ?? 0;
  return (
    <div>
      {back}
      <div className="mb-4">
        <h1 className="text-2xl font-semibold break-words">
          <bdi lang={typeof draft.title === 'string' && draft.title ? locale : 'en'}>{title}</bdi>
        </h1>
        <p className="mt-2 flex flex-wrap gap-2" aria-label={t('content.states')}>
          {item.order.map((l) => (
            <StateBadge
              key={l}
              locale={l}
              state={item.languages[l]?.state ?? 'missing'}
              outdated={Boolean(item.languages[l]?.outdated)}
            />
          ))}
        </p>
      </div>
      <div className="mb-6 max-w-xs">
        <label htmlFor="content-language" className="block font-semibold">
          {t('content.language')}
        </label>
        <select
          id="content-language"
          className={inputClass}
          value={locale}
          onChange={(e) => {
            const next = e.target.value;
            guard(() => editor.switchTo(next));
          }}
        >
          {languages.map((l) => (
            <option key={l} value={l}>
              {named(t, 'languageNames.', l)}
            </option>
          ))}
        </select>
      </div>
      {dialog}
      {newer && !conflict && (
        <div role="status" className="mb-4 rounded-lg border border-warn bg-warn-soft p-4 text-ink">
          <p className="mb-2">
            {t('content.refreshed.stale', { name: newer.author.name || t('content.someone') })}
          </p>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => editor.setConflict(newer)}
          >
            {t('content.refreshed.compare')}
          </button>
        </div>
      )}
      {conflict && (
        <ConflictView
          theirs={conflict}
          base={startBody}
          mine={cleaned(fields, draft)}
          fields={fields}
          locale={locale}
          busy={busy}
          onKeepTheirs={() => editor.keepTheirs(conflict)}
          onSaveMine={() => void editor.save(conflict.id)}
          onTakeField={(name) => {
            editor.edit({ ...draft, [name]: (conflict.body ?? {})[name] });
            editor.setNotice({
              tone: 'success',
              text: t('content.conflict.tookField', { field: fieldLabel(t, name) }),
            });
          }}
        />
      )}
      {lang && (
        <ReviewPanel
          key={`${locale}-${lang.review?.version ?? 0}-${lang.review?.state ?? ''}`}
          lang={lang}
          locale={locale}
          fields={fields}
          me={session.staff.id}
          canWrite={canWrite}
          busy={busy}
          onSend={editor.sendForReview}
          onDecide={editor.decide}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <EditorForm editor={editor} collection={collection} slug={slug} />
        <VersionHistory
          key={locale}
          collection={collection}
          slug={slug}
          locale={locale}
          versions={versions}
          reviews={reviews}
          fields={fields}
          base={base}
          published={published}
          live={(lang?.live ?? null) as Json | null}
          canWrite={canWrite}
          busy={busy}
          onRestore={(version) => guard(() => void editor.restore(version))}
        />
      </div>
      <div id={previewId} className="scroll-mt-4">
        <PreviewPanel
          collection={collection}
          slug={slug}
          locale={locale}
          languages={item.order}
          unsaved={dirty}
        />
      </div>
      {collection !== pagesCollection && (
        <ItemActions
          key={slug}
          collection={collection}
          slug={slug}
          title={title}
          live={Object.values(item.languages).some((l) => l.live)}
          session={session}
          onChanged={(message) => void editor.afterChange(message, true)}
        />
      )}
      {collection === pagesCollection && item.added && (
        <PageActions
          key={slug}
          route={slug}
          title={title}
          live={Object.values(item.languages).some((l) => l.live)}
          session={session}
          onChanged={(message) => void editor.afterChange(message, true)}
        />
      )}
      <ActionBar editor={editor}>
        <PresenceNotice
          presence={presence}
          locale={locale}
          canWrite={canWrite}
          dirty={dirty}
          onTookOver={(ok, message) =>
            editor.setNotice({
              tone: ok ? 'success' : 'error',
              text: message || t('common.unreachable'),
            })
          }
        />
      </ActionBar>
    </div>
  );
}
