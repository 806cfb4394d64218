import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminApi, type ContentItem } from '../api';
import { answer } from '../query-result';

/** The content's server state in the back-office's cache, by what a save makes stale. */
export const contentKeys = {
  lists: ['content', 'list'] as const,
  list: (collection: string) => ['content', 'list', collection] as const,
  find: (query: string) => ['content', 'list', 'find', query] as const,
  schema: (collection: string, slug = '') => ['content', 'schema', collection, slug] as const,
  item: (collection: string, slug: string) => ['content', 'item', collection, slug] as const,
  versions: (collection: string, slug: string, locale: string) =>
    ['content', 'versions', collection, slug, locale] as const,
  version: (collection: string, slug: string, locale: string, id: number) =>
    ['content', 'version', collection, slug, locale, id] as const,
};

/** A collection's items, with each language's state. */
export function useContentList(collection: string) {
  return useQuery({
    queryKey: contentKeys.list(collection),
    queryFn: () => answer(adminApi.contentList(collection)),
    // The collections stay named while another's items load.
    placeholderData: keepPreviousData,
  });
}

/** How often the list is looked at again while open, to show who else has an item open. */
const findEvery = 15_000;

/**
 * Every page and item a filter finds, with the missing and outdated counts and who else has each
 * open: looked at again every 15 seconds while the list is in view.
 */
export function useContentFind(query: string) {
  return useQuery({
    queryKey: contentKeys.find(query),
    queryFn: () => answer(adminApi.contentFind(query)),
    refetchInterval: findEvery,
    // The list stays in place while another filter's loads.
    placeholderData: keepPreviousData,
  });
}

/** The fields of a collection's items (or of one page). */
export function useSchema(collection: string, slug = '') {
  return useQuery({
    queryKey: contentKeys.schema(collection, slug),
    queryFn: () => answer(adminApi.contentSchema(collection, slug)),
  });
}

/** How often an open item is looked at again while its page is in view. */
const watchEvery = 20_000;

/**
 * An open item, as the server has it now: looked at again every 20 seconds while the page is in
 * view, and at once when the window or tab is back in view, so that what the scheduler published
 * or another editor saved shows without a reload. One request at a time; none while the page is
 * hidden.
 */
export function useWatchedItem(collection: string, slug: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: contentKeys.item(collection, slug),
    queryFn: (): Promise<ContentItem> => answer(adminApi.contentItem(collection, slug)),
    refetchInterval: watchEvery,
    refetchOnWindowFocus: true,
  });
  // The tab coming back is heard by the query; the window taking focus again is heard here.
  useEffect(() => {
    const onFocus = () =>
      void queryClient.refetchQueries(
        { queryKey: contentKeys.item(collection, slug), type: 'active' },
        { cancelRefetch: false },
      );
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [queryClient, collection, slug]);
  return query;
}

/**
 * A language's versions and review steps, each newest first, loaded again as the item shows a
 * newer version, another published one, another state or another review (`stamp`).
 */
export function useVersions(collection: string, slug: string, locale: string, stamp: string) {
  return useQuery({
    queryKey: [...contentKeys.versions(collection, slug, locale), stamp],
    queryFn: () => answer(adminApi.contentVersions(collection, slug, locale)),
    enabled: Boolean(locale),
    placeholderData: keepPreviousData,
  });
}

/** The texts of saved versions, each loaded once: a saved version never changes. */
export function useVersionBodies(collection: string, slug: string, locale: string, ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: contentKeys.version(collection, slug, locale, id),
      queryFn: async () =>
        ((await answer(adminApi.contentVersion(collection, slug, locale, id))).body ??
          {}) as Record<string, unknown>,
      staleTime: Infinity,
    })),
  });
}
