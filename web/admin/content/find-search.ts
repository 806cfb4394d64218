/**
 * The content list's filter, as its address carries it (so a filtered list can be shared):
 * `q` words of the text in any language, `collection`, `lang`, `state`, `author` and `sort`.
 */
export type FindSearch = {
  q?: string;
  collection?: string;
  lang?: string;
  state?: string;
  author?: string;
  sort?: string;
};

/** The filters in the order the address writes them. */
export const findKeys = ['q', 'collection', 'lang', 'state', 'author', 'sort'] as const;

/** The states the list filters by: an item's own, and outdated or either of those (to translate). */
export const findStates = [
  'draft',
  'published',
  'scheduled',
  'unpublished',
  'outdated',
  'missing',
  'translate',
  'in-review',
  'changes-requested',
  'approved-scheduled',
] as const;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** Reads the list's filter as the router parsed the address; the server checks the values. */
export function findSearch(search: Record<string, unknown>): FindSearch {
  const typed: FindSearch = {};
  for (const key of findKeys) {
    const value = first(search[key]);
    if (typeof value === 'string' && value.trim()) typed[key] = value.trim();
    else if (typeof value === 'number') typed[key] = String(value);
  }
  return typed;
}

/** The query of a filter ('' for everything), in the order of findKeys. */
export function findQuery(filter: FindSearch): string {
  const params = new URLSearchParams();
  for (const key of findKeys) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The content list's address for a filter. */
export function findAddress(filter: FindSearch): string {
  const query = findQuery(filter);
  return `/admin/content${query ? `?${query}` : ''}`;
}
