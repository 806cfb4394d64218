import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../api';
import { answer } from '../query-result';

/** The inbox's server state in the back-office's cache. */
export const inboxKeys = {
  all: ['inbox'] as const,
  count: ['inbox', 'count'] as const,
  list: (query: string, latest: number) => ['inbox', 'list', query, latest] as const,
  item: (id: string) => ['inbox', 'item', id] as const,
};

/**
 * A page of the inbox for a filter. `latest`, the newest submission's id the count knows, is
 * part of what is asked: a newer submission loads the page again.
 */
export function useInboxPage(query: string, latest: number) {
  return useQuery({
    queryKey: inboxKeys.list(query, latest),
    queryFn: () => answer(adminApi.inbox(query)),
    placeholderData: keepPreviousData,
  });
}

/** One submission, with its notes and replies. */
export function useSubmission(id: string) {
  return useQuery({
    queryKey: inboxKeys.item(id),
    queryFn: () => answer(adminApi.inboxItem(id)),
  });
}
