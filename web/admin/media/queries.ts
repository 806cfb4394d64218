import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../api';
import { answer } from '../query-result';
import { mediaQuery, type MediaFilters } from './logic';

/** The library's server state in the back-office's cache. */
export const mediaKeys = {
  all: ['media'] as const,
  list: (query: string) => ['media', 'list', query] as const,
  item: (id: string) => ['media', 'item', id] as const,
};

/** The items the filters keep, with the folders and tags to filter by. */
export function useMediaList(filters: MediaFilters) {
  const query = mediaQuery(filters);
  return useQuery({
    queryKey: mediaKeys.list(query),
    queryFn: () => answer(adminApi.mediaList(query)),
    placeholderData: (previous) => previous,
  });
}

/** One item with where it is used. */
export function useMediaItem(id: string) {
  return useQuery({
    queryKey: mediaKeys.item(id),
    queryFn: () => answer(adminApi.mediaItem(id)),
    enabled: id !== '',
  });
}
