import type { TFunction } from '../../shared/i18n/i18n';
import { localizePath } from '../i18n/locale-paths';
import type { Locale, PageProps } from '../pages/page-props';

/** The types of result a visitor may filter by, as the server names them. */
export type ResultType =
  | 'service'
  | 'standard'
  | 'news'
  | 'blog'
  | 'publication'
  | 'webinar'
  | 'caseStudy'
  | 'vacancy'
  | 'office'
  | 'other';

/** A piece of a result's snippet: plain text, marked where it is a word the query matched. */
export type Segment = { text: string; mark?: boolean };

/** One page found. */
export type SearchHit = {
  title: string;
  type: ResultType;
  path: string;
  /** The language of the page found: English where the visitor's language had nothing. */
  lang: Locale;
  snippet: Segment[];
};

/** The answer of GET /api/search, and what the search page is drawn from. */
export type SearchAnswer = {
  query: string;
  lang: Locale;
  type?: ResultType;
  results: SearchHit[];
  total: number;
  page: number;
  perPage: number;
  /** The results are English pages: the visitor's language had none. */
  fallback: boolean;
  /** The query was cut to the longest the search reads. */
  truncated: boolean;
  /** A query that may find something, when this one found nothing. */
  suggestion?: string;
};

/** The search page's data: the answer, the types to filter by, and why nothing was searched. */
export type SearchPageData = SearchAnswer & {
  types: ResultType[];
  /** `query`: the query had characters that cannot be searched; `building`: search is starting. */
  error?: 'query' | 'building';
};

/** The props of the search page: a page's frame with what was searched and found. */
export type SearchPageProps = PageProps & { search: SearchPageData };

/** The longest query searched, in characters (the server cuts the rest). */
export const maxQuery = 200;

/** The locale-free route of the search page. */
export const searchRoute = '/search';

/** The address of the search page for a query, a type and a page of results. */
export function searchPath(
  locale: Locale,
  query: string,
  options: { type?: string; page?: number } = {},
): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (options.type) params.set('type', options.type);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  const qs = params.toString();
  return localizePath(searchRoute, locale) + (qs ? `?${qs}` : '');
}

/**
 * A string with a count in the plural form the language uses for it (`key_one`, `key_few`…, with `{{n}}`):
 * the browser's translator knows no plurals, so both sides choose the form here alike.
 */
export function plural(t: TFunction, locale: Locale, key: string, count: number): string {
  const form = new Intl.PluralRules(locale).select(count);
  const missing = '\u0000';
  // `n`, not `count`: i18next on the server would choose a form of its own for `count`.
  const text = t(`${key}_${form}`, { n: count, defaultValue: missing });
  return text === missing ? t(`${key}_other`, { n: count }) : text;
}
