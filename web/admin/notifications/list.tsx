import { useState } from 'react';
import { adminApi, type Notice as Notification } from '../api';
import { Card, NoticeBox, buttonClass, secondaryButtonClass, type Notice } from '../ui';
import { useLabels } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';
import { useNotices, useRefreshNotices } from './queries';
import { noticeText } from './words';

/** The staff member's notifications, newest first: each opens its item and is then read. */
export function NotificationList() {
  const { t, label, when } = useLabels();
  const { data, error } = useNotices();
  const refresh = useRefreshNotices();
  const [said, setSaid] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const notice: Notice = error
    ? { tone: 'error', text: error.message || t('common.unreachable') }
    : said;
  const unread = data?.unread ?? 0;

  const markAll = async () => {
    setBusy(true);
    const result = await adminApi.markAllNoticesRead();
    setSaid({
      tone: result.ok ? 'success' : 'error',
      text: result.message || t('common.unreachable'),
    });
    await refresh();
    setBusy(false);
  };
  const markOne = async (n: Notification) => {
    const result = await adminApi.markNoticeRead(n.id);
    if (!result.ok) setSaid({ tone: 'error', text: result.message || t('common.unreachable') });
    await refresh();
  };
  const open = async (n: Notification) => {
    if (!n.read) await adminApi.markNoticeRead(n.id);
    void refresh();
    navigate(n.link);
  };

  return (
    <div className="grid gap-6">
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('notifications.title')}</h1>
        <p className="text-ink-muted">{t('notifications.intro')}</p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="font-semibold" data-unread={unread}>
            {t('notifications.unreadCount', { count: unread })}
          </p>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy || unread === 0}
            onClick={() => void markAll()}
          >
            {t('notifications.markAllRead')}
          </button>
          <Link to="/admin/notifications/settings" className="underline underline-offset-4">
            {t('notifications.settingsLink')}
          </Link>
        </div>
        <div className="mt-3" aria-live="polite">
          <NoticeBox notice={notice} />
        </div>
      </Card>
      <Card>
        {data && data.items.length === 0 && <p>{t('notifications.none')}</p>}
        {!data && !error && <p>{t('common.loading')}</p>}
        {data && data.items.length > 0 && (
          <ul aria-label={t('notifications.title')} className="grid gap-3">
            {data.items.map((n) => (
              <li
                key={n.id}
                data-notice={n.kind}
                data-read={n.read}
                className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 ${
                  n.read ? 'border-line' : 'border-accent bg-accent-soft'
                }`}
              >
                <div className="grid min-w-0 gap-1">
                  <a
                    href={n.link}
                    className={`break-words underline underline-offset-4 ${n.read ? '' : 'font-semibold'}`}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                        return;
                      event.preventDefault();
                      void open(n);
                    }}
                  >
                    <bdi>{noticeText(t, label, n)}</bdi>
                  </a>
                  <p className="text-sm text-ink-muted">
                    {!n.read && (
                      <span className="me-2 font-semibold">{t('notifications.unread')} ·</span>
                    )}
                    <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
                  </p>
                </div>
                {!n.read && (
                  <button type="button" className={buttonClass} onClick={() => void markOne(n)}>
                    {t('notifications.markRead')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
