/** The languages the site is written in, English first: it is the source and the fallback. */
export const locales = ['en', 'nl', 'fr', 'ar'] as const;

export type Locale = (typeof locales)[number];

/** Translation namespaces as sent to the browser: namespace → nested strings. */
export type Resources = Record<string, Record<string, unknown>>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
