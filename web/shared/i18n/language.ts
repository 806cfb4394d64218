import type { Locale } from './locales';

/** Local-storage keys the site has always used for the visitor's language choice. */
export const languageStorageKey = 'language';
export const rtlStorageKey = 'isRTL';

export function isRightToLeft(locale: Locale): boolean {
  return locale === 'ar';
}

/** Remembers a chosen language; storage may be unavailable, and the URL decides anyway. */
export function rememberLanguage(locale: Locale): void {
  try {
    localStorage.setItem(languageStorageKey, locale);
    localStorage.setItem(rtlStorageKey, String(isRightToLeft(locale)));
  } catch {
    // Nothing to do: the next page's URL carries the language.
  }
}
