/** The inbox's filters, as they stand in the address. */
export type Filters = {
  q: string;
  kind: string;
  office: string;
  status: string;
  assignee: string;
  language: string;
  from: string;
  to: string;
  source: string;
};

export const noFilters: Filters = {
  q: '',
  kind: '',
  office: '',
  status: '',
  assignee: '',
  language: '',
  from: '',
  to: '',
  source: '',
};

/** The filters and the page an address's query names. */
export function filtersOf(search: string): { filters: Filters; page: number } {
  const params = new URLSearchParams(search);
  const filters = { ...noFilters };
  for (const key of Object.keys(noFilters) as (keyof Filters)[]) {
    filters[key] = params.get(key) ?? '';
  }
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return { filters, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The query of an address showing these filters and page: empty filters and page 1 left out. */
export function queryOf(filters: Filters, page = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value.trim()) params.set(key, value.trim());
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The inbox list's address for a query. */
export const listAddress = (query: string) => `/admin/inbox${query ? `?${query}` : ''}`;
