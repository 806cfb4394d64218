import { localizePath } from '../i18n/locale-paths';
import type { Locale } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';

/** The address of page `n` of the list at `listRoute`: the list itself for the first. */
export function pagePath(listRoute: string, n: number, locale: Locale): string {
  return localizePath(n <= 1 ? listRoute : `${listRoute}/page/${n}`, locale);
}

/** The list route a paged route belongs to: `/resources/news/page/2` → `/resources/news`. */
export function listRouteOf(route: string): string {
  return route.replace(/\/page\/\d+$/, '');
}

const step =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md border border-line px-3 text-sm font-medium text-ink transition-colors hover:border-line-strong hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/** Links to the other pages of a list, for lists longer than one page. */
export function Pagination({
  route,
  page,
  pages,
  locale,
}: {
  route: string;
  page: number;
  pages: number;
  locale: Locale;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const list = listRouteOf(route);
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav aria-label={t('pagination.label')} className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <a className={step} href={pagePath(list, page - 1, locale)} rel="prev">
              {t('pagination.previous')}
            </a>
          </li>
        )}
        {numbers.map((n) => (
          <li key={n}>
            {n === page ? (
              <span
                aria-current="page"
                className={`${step} border-brand bg-brand text-on-brand hover:border-brand hover:bg-brand`}
              >
                <span className="sr-only">{t('pagination.page', { page: n })}</span>
                <span aria-hidden="true">{n}</span>
              </span>
            ) : (
              <a
                className={step}
                href={pagePath(list, n, locale)}
                aria-label={t('pagination.page', { page: n })}
              >
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pages && (
          <li>
            <a className={step} href={pagePath(list, page + 1, locale)} rel="next">
              {t('pagination.next')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
