import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../api';
import { answer } from '../query-result';

/** The staff member's notifications in the back-office's cache. */
export const noticeKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};

// The bell and the list ask again while the tab is visible, so a new notification shows without
// a reload; none while the page is hidden, at once when it is back in view.
const every = 10_000;

/** How many of the staff member's notifications are unread, kept current; null until known. */
export function useUnreadNotices(): number | null {
  const { data } = useQuery({
    queryKey: noticeKeys.count,
    queryFn: () => answer(adminApi.noticeCount()),
    refetchInterval: every,
    refetchOnWindowFocus: true,
  });
  return data?.unread ?? null;
}

/** The staff member's newest notifications, kept current. */
export function useNotices() {
  return useQuery({
    queryKey: noticeKeys.list,
    queryFn: () => answer(adminApi.notices()),
    refetchInterval: every,
    refetchOnWindowFocus: true,
  });
}

/** Asks for the list and the count again now, after marking some read. */
export function useRefreshNotices(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}
