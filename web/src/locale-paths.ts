import { isLocale, type Locale } from './page-props';

/** The path of a locale-free route in a locale: English has no prefix, `/` becomes `/<code>`. */
export function localizePath(route: string, locale: Locale): string {
  const clean = route === '' ? '/' : route;
  if (locale === 'en') return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** The locale-free route of a path that may carry a locale prefix. */
export function routeOf(pathname: string): string {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (match && match[1] !== 'en' && isLocale(match[1])) return match[2] ?? '/';
  return pathname === '' ? '/' : pathname;
}

/** The same page in another locale, keeping the query string and fragment. */
export function switchLocalePath(
  location: { pathname: string; search?: string; hash?: string },
  target: Locale,
): string {
  return (
    localizePath(routeOf(location.pathname), target) +
    (location.search ?? '') +
    (location.hash ?? '')
  );
}
