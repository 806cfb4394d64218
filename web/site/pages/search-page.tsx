import { PageHeader } from '../layout/page-header';
import { useTranslation } from '../../shared/i18n/translation';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { homeContactRoute } from './home-page';
import { useLocalizedPath, useNavLabel, usePage, usePageTitle } from './page-context';
import type { Locale, MenuItem } from './page-props';
import { requestRoute } from '../routing/routes';
import { SearchIcon } from '../search/search-icon';
import {
  maxQuery,
  plural,
  searchPath,
  searchRoute,
  type SearchHit,
  type SearchPageData,
  type SearchPageProps,
} from '../search/search-data';
import { Snippet } from '../search/snippet';

const field =
  'h-12 w-full min-w-0 rounded-md border border-line-strong bg-raised ps-11 pe-4 text-base text-ink placeholder:text-ink-muted focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus';
const button =
  'inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-md bg-brand px-6 font-semibold text-on-brand transition-colors hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
const chip =
  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
const step =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md border border-line px-3 text-sm font-medium text-ink transition-colors hover:border-line-strong hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/** The search page: a form, the results in rank order with filters and pages, or what to try. */
export default function SearchPage() {
  const props = usePage() as SearchPageProps;
  const { search } = props;
  const { t } = useTranslation();
  const title = usePageTitle();
  const searched = search.query.trim() !== '' && !search.error;
  return (
    <>
      <PageHeader
        title={searched ? t('search.resultsFor', { query: search.query }) : title}
        breadcrumbs={props.page.breadcrumbs}
      >
        <SearchForm search={search} />
      </PageHeader>
      <div className="page-shell py-10 lg:py-14">
        <Notices search={search} />
        {searched ? (
          <Results search={search} locale={props.locale} />
        ) : (
          !search.error && <Sections />
        )}
      </div>
    </>
  );
}

/** The query field, a plain GET form that works without scripts. */
function SearchForm({ search }: { search: SearchPageData }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <form
      role="search"
      aria-label={t('search.again')}
      action={localize(searchRoute)}
      method="get"
      className="mt-8 flex max-w-3xl flex-col gap-3 sm:flex-row"
    >
      <label htmlFor="search-page-query" className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-ink-muted" />
        <input
          id="search-page-query"
          type="search"
          name="q"
          defaultValue={search.query}
          maxLength={maxQuery * 2}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className={field}
        />
      </div>
      {search.type && <input type="hidden" name="type" value={search.type} />}
      <button type="submit" className={button}>
        {t('search.submit')}
      </button>
    </form>
  );
}

/** What the visitor should know about the search itself: cut, refused, starting, in English. */
function Notices({ search }: { search: SearchPageData }) {
  const { t } = useTranslation();
  const notices: { key: string; text: string; tone: 'warn' | 'danger' | 'info' }[] = [];
  if (search.error === 'query')
    notices.push({ key: 'bad', text: t('search.badQuery'), tone: 'danger' });
  if (search.error === 'building')
    notices.push({ key: 'building', text: t('search.building'), tone: 'warn' });
  if (search.truncated)
    notices.push({ key: 'cut', text: t('search.truncated', { max: maxQuery }), tone: 'warn' });
  if (search.fallback && search.total > 0)
    notices.push({ key: 'fallback', text: t('search.fallback'), tone: 'info' });
  if (notices.length === 0) return null;
  const tones = {
    danger: 'border-danger/40 bg-danger-soft text-danger',
    warn: 'border-warn/40 bg-warn-soft text-warn',
    info: 'border-accent/30 bg-accent-soft text-ink',
  };
  return (
    <div className="mb-8 flex max-w-3xl flex-col gap-3">
      {notices.map((notice) => (
        <p
          key={notice.key}
          role={notice.tone === 'danger' ? 'alert' : 'status'}
          data-search-notice={notice.key}
          className={`rounded-card border px-4 py-3 text-sm font-medium ${tones[notice.tone]}`}
        >
          {notice.text}
        </p>
      ))}
    </div>
  );
}

/** The filters, the count, the results and the pages of a query. */
function Results({ search, locale }: { search: SearchPageData; locale: Locale }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(search.total / search.perPage));
  const filtered = Boolean(search.type);
  return (
    <>
      {(search.total > 0 || filtered) && (
        <nav aria-label={t('search.filters')} className="mb-8">
          <ul className="flex flex-wrap gap-2">
            {[undefined, ...search.types].map((type) => {
              const current = (search.type ?? undefined) === type;
              return (
                <li key={type ?? 'all'}>
                  <a
                    href={searchPath(locale, search.query, { type })}
                    aria-current={current ? 'true' : undefined}
                    className={`${chip} ${current ? 'border-brand bg-brand text-on-brand' : 'border-line bg-raised text-ink hover:border-line-strong hover:bg-surface'}`}
                  >
                    {type ? t(`search.typesPlural.${type}`) : t('search.allTypes')}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {search.total > 0 ? (
        <>
          <p className="text-sm text-ink-muted" role="status">
            {plural(t, locale, 'search.count', search.total)}
            {pages > 1 && ` · ${t('search.pageOf', { page: search.page, pages })}`}
          </p>
          <ol className="mt-4 flex max-w-3xl flex-col divide-y divide-line">
            {search.results.map((hit) => (
              <li key={hit.path}>
                <ResultItem hit={hit} locale={locale} />
              </li>
            ))}
          </ol>
          <Pages search={search} pages={pages} locale={locale} />
        </>
      ) : (
        <NoResults search={search} locale={locale} />
      )}
    </>
  );
}

/** One result: its type, its title as the link, the snippet. */
function ResultItem({ hit, locale }: { hit: SearchHit; locale: Locale }) {
  const { t } = useTranslation();
  const foreign = hit.lang !== locale;
  return (
    <article className="py-6" lang={foreign ? hit.lang : undefined}>
      <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-[0.12em] text-accent uppercase">
        <span>{t(`search.types.${hit.type}`)}</span>
        {foreign && (
          <span
            lang={locale}
            data-search-fallback=""
            className="rounded-full bg-surface px-2 py-0.5 tracking-normal text-ink-muted normal-case"
          >
            {t('search.inEnglish')}
          </span>
        )}
      </p>
      <h2 className="mt-2 text-xl font-semibold text-ink">
        <a
          href={hit.path}
          data-search-result=""
          className="rounded-sm underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          {hit.title}
        </a>
      </h2>
      {hit.snippet.length > 0 && (
        <Snippet segments={hit.snippet} className="mt-2 leading-relaxed text-ink-muted" />
      )}
    </article>
  );
}

/** Links to the other pages of results. */
function Pages({
  search,
  pages,
  locale,
}: {
  search: SearchPageData;
  pages: number;
  locale: Locale;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const at = (page: number) => searchPath(locale, search.query, { type: search.type, page });
  const first = Math.max(1, Math.min(search.page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav aria-label={t('pagination.label')} className="mt-10">
      <ul className="flex flex-wrap items-center gap-2">
        {search.page > 1 && (
          <li>
            <a className={step} href={at(search.page - 1)} rel="prev">
              {t('pagination.previous')}
            </a>
          </li>
        )}
        {numbers.map((n) => (
          <li key={n}>
            {n === search.page ? (
              <span
                aria-current="page"
                className={`${step} border-brand bg-brand text-on-brand hover:border-brand hover:bg-brand`}
              >
                <span className="sr-only">{t('pagination.page', { page: n })}</span>
                <span aria-hidden="true">{n}</span>
              </span>
            ) : (
              <a className={step} href={at(n)} aria-label={t('pagination.page', { page: n })}>
                {n}
              </a>
            )}
          </li>
        ))}
        {search.page < pages && (
          <li>
            <a className={step} href={at(search.page + 1)} rel="next">
              {t('pagination.next')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** Nothing found: say so, offer the close spelling, and the ways to ask a person. */
function NoResults({ search, locale }: { search: SearchPageData; locale: Locale }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <div
      data-search-empty=""
      className="max-w-3xl rounded-card border border-dashed border-line-strong bg-surface p-8"
    >
      <p className="text-lg font-semibold text-ink" role="status">
        {t('search.noResults', { query: search.query })}
      </p>
      {search.suggestion && (
        <p className="mt-3 text-ink">
          {t('search.didYouMean')}{' '}
          <a
            href={searchPath(locale, search.suggestion)}
            data-search-suggestion=""
            className="font-semibold text-accent underline underline-offset-4"
          >
            {search.suggestion}
          </a>
          {locale === 'ar' ? '؟' : '?'}
        </p>
      )}
      <p className="mt-3 text-ink-muted">{t('search.noResultsHelp')}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a
          href={localize(homeContactRoute)}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand px-6 py-3 font-semibold text-on-brand transition-colors hover:bg-brand-hover"
        >
          {t('search.contact')}
          <ArrowEndIcon />
        </a>
        <a
          href={localize(requestRoute)}
          className="inline-flex items-center justify-center rounded-md border border-line-strong bg-raised px-6 py-3 font-semibold text-ink transition-colors hover:border-accent hover:text-accent"
        >
          {t('search.proposal')}
        </a>
      </div>
    </div>
  );
}

/** With no query: the main sections of the site, each with its pages. */
function Sections() {
  const { nav } = usePage();
  const { t } = useTranslation();
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const sections = nav.filter((item: MenuItem) => item.route !== '/');
  return (
    <section aria-labelledby="search-sections">
      <p className="max-w-3xl text-lg text-ink-muted">{t('search.empty')}</p>
      <h2 id="search-sections" className="mt-10 text-2xl font-semibold text-ink">
        {t('search.sections')}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((item) => (
          <li
            key={item.translationKey}
            className="rounded-card border border-line bg-raised p-6"
            data-search-section=""
          >
            {item.route ? (
              <a
                href={localize(item.route)}
                className="group inline-flex items-center gap-2 text-lg font-semibold text-ink hover:text-accent"
              >
                {label(item)}
                <ArrowEndIcon className="size-4 text-accent" />
              </a>
            ) : (
              <p className="text-lg font-semibold text-ink">{label(item)}</p>
            )}
            {item.children && item.children.length > 0 && (
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {item.children
                  .filter((child) => child.route)
                  .map((child) => (
                    <li key={child.translationKey + (child.route ?? '')}>
                      <a
                        href={localize(child.route!)}
                        className="text-ink-muted hover:text-accent hover:underline"
                      >
                        {label(child)}
                      </a>
                    </li>
                  ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
