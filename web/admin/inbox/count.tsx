import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, type Session } from '../api';
import { answer } from '../query-result';
import { useT } from '../shell/lang';
import { inboxKeys } from './queries';

/** Whether the staff member's role covers any of the inbox: leads, applications or both. */
export function mayUseInbox(session: Session | null | undefined): boolean {
  return Boolean(
    session?.permissions.includes('leads') || session?.permissions.includes('applications'),
  );
}

/** How many new submissions the staff member's role covers, and the newest one's id. */
export type InboxCount = { new: number; latest: number };

// One light poll for the whole app, while anything shows the count: the navigation's badge and
// the inbox, which reloads its page when a newer submission arrives. None while the page is
// hidden; at once when it is back in view.
const every = 10_000;

/** The inbox's count, kept current by the poll; null until the first answer. */
export function useInboxCount(): InboxCount | null {
  const { data } = useQuery({
    queryKey: inboxKeys.count,
    queryFn: (): Promise<InboxCount> => answer(adminApi.inboxCount()),
    refetchInterval: every,
    refetchOnWindowFocus: true,
  });
  return data ?? null;
}

/** Asks the server again now, after a change that may alter the count (a status set). */
export function useRefreshInboxCount(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: inboxKeys.count });
}

/** The number of new submissions beside the navigation's inbox link; nothing when there are none. */
export function InboxBadge() {
  const { t } = useT();
  const current = useInboxCount();
  if (!current || current.new === 0) return null;
  return (
    <span
      className="ms-2 inline-flex min-w-6 items-center justify-center rounded-full bg-hero-accent px-2 text-sm font-semibold text-topbar"
      data-inbox-count={current.new}
    >
      {current.new}
      <span className="sr-only"> {t('inbox.newItems')}</span>
    </span>
  );
}
