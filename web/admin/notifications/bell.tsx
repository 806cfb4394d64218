import { useT } from '../shell/lang';
import { Link } from '../shell/navigation';
import { useUnreadNotices } from './queries';

/** The top bar's bell: a link to the notifications, with how many are unread. */
export function NotificationBell() {
  const { t } = useT();
  const unread = useUnreadNotices() ?? 0;
  return (
    <Link
      to="/admin/notifications"
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 underline-offset-4 hover:underline"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className="sr-only">
        {unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
      </span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-unread-notices={unread}
          className="inline-flex min-w-6 items-center justify-center rounded-full bg-hero-accent px-1.5 text-sm font-semibold text-topbar"
        >
          {unread}
        </span>
      )}
    </Link>
  );
}
