import { useId, useState } from 'react';
import { adminApi, pagesCollection, type Session } from '../api';
import { Card, NoticeBox, dangerButtonClass, secondaryButtonClass, type Notice } from '../ui';
import { useT } from '../shell/lang';
import { navigate } from '../shell/navigation';
import { DeleteQuestion, mayManageItems } from './items';

/**
 * What an editor does to a whole page editors added: take it off the site in every language, or
 * delete it, with a confirmation and by default a redirect to its parent.
 */
export function PageActions({
  route,
  title,
  live,
  session,
  onChanged,
}: {
  route: string;
  title: string;
  live: boolean;
  session: Session;
  onChanged: (message: string) => void;
}) {
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const [redirect, setRedirect] = useState(true);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const redirectId = useId();
  if (!mayManageItems(session)) return null;
  const remove = async () => {
    setBusy(true);
    const result = await adminApi.deletePage(route, redirect);
    setBusy(false);
    if (result.ok) {
      navigate(`/admin/content?collection=${pagesCollection}`);
      return;
    }
    setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };
  const unpublish = async () => {
    setBusy(true);
    const result = await adminApi.unpublishPage(route);
    setBusy(false);
    if (result.ok) onChanged(result.message);
    else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };
  return (
    <Card className="mt-6">
      <h2 className="mb-3 text-xl font-semibold">{t('pages.actions')}</h2>
      <NoticeBox notice={notice} />
      {!confirming ? (
        <div className="flex flex-wrap gap-3">
          {live && (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => void unpublish()}
            >
              {t('pages.unpublish')}
            </button>
          )}
          <button
            type="button"
            className={dangerButtonClass}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('pages.delete')}
          </button>
        </div>
      ) : (
        <DeleteQuestion
          question={t('pages.deleteConfirm', { title })}
          busy={busy}
          onYes={() => void remove()}
          onNo={() => setConfirming(false)}
        >
          <label htmlFor={redirectId} className="mb-3 flex items-center gap-2">
            <input
              id={redirectId}
              type="checkbox"
              checked={redirect}
              onChange={(e) => setRedirect(e.target.checked)}
            />
            {t('pages.deleteRedirect')}
          </label>
        </DeleteQuestion>
      )}
    </Card>
  );
}
