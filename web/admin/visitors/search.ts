/** The visitors list's query, typed: the search and the page, when the address names them. */
export type VisitorSearch = { q?: string; page?: number };

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** Reads the list's query as the router parsed it (strings); a page that is not a count is none. */
export function visitorSearch(search: Record<string, unknown>): VisitorSearch {
  const typed: VisitorSearch = {};
  const q = first(search.q);
  if (typeof q === 'string') typed.q = q;
  const page = Number.parseInt(String(first(search.page) ?? ''), 10);
  if (Number.isFinite(page) && page > 0) typed.page = page;
  return typed;
}

/** The list's query for a search and a page, as its addresses write it ('' for the first page of all). */
export function queryOf(q: string, page = 1): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The list's address for a search and a page. */
export const listAddress = (q: string, page = 1) => {
  const query = queryOf(q, page);
  return `/admin/visitors${query ? `?${query}` : ''}`;
};
