import { useSyncExternalStore } from 'react';
import { adminApi, type Session } from './api';
import { useT } from './ui';

/** Whether the staff member's role covers any of the inbox: leads, applications or both. */
export function mayUseInbox(session: Session | null | undefined): boolean {
  return Boolean(
    session?.permissions.includes('leads') || session?.permissions.includes('applications'),
  );
}

/** How many new submissions the staff member's role covers, and the newest one's id. */
export type InboxCount = { new: number; latest: number };

// One light poll for the whole app, while anything shows the count: the navigation's badge and
// the inbox, which reloads its page when a newer submission arrives.
const every = 10_000;
let count: InboxCount | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

async function refresh() {
  const result = await adminApi.inboxCount();
  if (!result.ok || !result.data) return;
  const next = result.data;
  if (count && count.new === next.new && count.latest === next.latest) return;
  count = next;
  for (const listener of listeners) listener();
}

function onVisible() {
  if (document.visibilityState === 'visible') void refresh();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    void refresh();
    timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, every);
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      count = null;
    }
  };
}

/** Asks the server again now, after a change that may alter the count (a status set). */
export function refreshInboxCount(): void {
  if (listeners.size > 0) void refresh();
}

/** The inbox's count, kept current by the poll; null until the first answer. */
export function useInboxCount(): InboxCount | null {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => null,
  );
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
