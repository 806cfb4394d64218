import { normalizeLocalPath } from '../routing/local-path';
import { isLocale, type Locale } from '../pages/page-props';

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

/**
 * The same page in another locale, keeping the query string and fragment. The path is normalized
 * first: "/nl//evil.example" must lead to "/evil.example" in English, never to "//evil.example",
 * which a browser reads as another site.
 */
export function switchLocalePath(
  location: { pathname: string; search?: string; hash?: string },
  target: Locale,
): string {
  const path = normalizeLocalPath(location.pathname) ?? '/';
  return localizePath(routeOf(path), target) + (location.search ?? '') + (location.hash ?? '');
}
