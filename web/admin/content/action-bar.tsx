import { NoticeBox, buttonClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';
import { publishable } from './editor-form';
import { editorFormId, jumpTo, previewId } from './jump';
import type { useContentEditor } from './use-content-editor';

/**
 * The editor's actions, kept at the bottom of the window however long the form: the language's
 * state and when it was last saved, Save and Publish, links to the schedule and the preview, and
 * the editor's messages beside them (announced as they change).
 */
export function ActionBar({
  editor,
  children,
}: {
  editor: ReturnType<typeof useContentEditor>;
  /** What is said above the actions (who else is editing). */
  children?: React.ReactNode;
}) {
  const { t, when } = useLabels();
  const { item, locale, dirty, busy, notice } = editor;
  if (!item) return null;
  const lang = item.languages[locale];
  const canWrite = item.writable.includes(locale);
  const saved = lang?.latest?.createdAt ?? null;
  const jump = (selector: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    jumpTo(document.querySelector(selector));
  };
  return (
    <div
      className="sticky bottom-0 z-20 -mx-4 mt-6 border-t border-line bg-raised px-4 py-3 shadow-panel"
      role="region"
      aria-label={t('editing.actionsLabel')}
      data-action-bar
    >
      {children}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" role="status">
          <span className="font-semibold">
            {t(`content.stateNames.${lang?.state ?? 'missing'}`)}
            {lang?.outdated ? ` · ${t('content.stateNames.outdated')}` : ''}
            {dirty ? ` · ${t('content.unsaved')}` : ''}
          </span>
          <span className="text-ink-muted">
            {' · '}
            {saved ? t('editing.savedAt', { time: when(saved) }) : t('editing.notSavedYet')}
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {canWrite && (
            <>
              <button
                type="submit"
                form={editorFormId}
                className={secondaryButtonClass}
                disabled={busy}
              >
                {t('content.save')}
              </button>
              {lang?.reviewRequired && lang.review?.state !== 'approved' ? (
                <a
                  href="#review"
                  className={`${buttonClass} inline-flex items-center`}
                  onClick={jump('[data-review-panel]')}
                >
                  {t('review.send')}
                </a>
              ) : (
                <button
                  type="button"
                  className={buttonClass}
                  disabled={busy || !publishable(editor)}
                  onClick={() => void editor.publish()}
                >
                  {t('content.publish')}
                </button>
              )}
              <a
                href="#schedule"
                className="inline-flex min-h-11 items-center px-2 underline underline-offset-4"
                onClick={jump('[data-schedule]')}
              >
                {t('editing.schedule')}
              </a>
            </>
          )}
          <a
            href={`#${previewId}`}
            className="inline-flex min-h-11 items-center px-2 underline underline-offset-4"
            onClick={jump(`#${previewId}`)}
          >
            {t('editing.preview')}
          </a>
        </div>
      </div>
      {notice && (
        <div className="mt-3 [&>p]:mb-0">
          <NoticeBox notice={notice} />
        </div>
      )}
    </div>
  );
}
