import type { Locale, Resources } from './locales';

export const defaultNamespace = 'common';

/** Strings of the content pages: services, landings, about, forms, legal and offices. */
export const pagesNamespace = 'pages';
/** Strings of the resource and career lists and their items. */
export const resourcesNamespace = 'resources';
/** Strings of the login, registration, recovery and account pages and their forms. */
export const authNamespace = 'auth';
/** Strings every form shares (messages, field errors, the captcha) and those of the site's forms. */
export const formsNamespace = 'forms';

/** Values for `{{name}}` placeholders, and the text to use when a key has no translation. */
export type TOptions = { defaultValue?: string } & Record<string, unknown>;

/** Looks up a key (`section.key`, or `namespace:section.key`) and fills in its placeholders. */
export type TFunction = (key: string, options?: TOptions) => string;

/** The strings of one page in one language. */
export type Translator = {
  language: Locale;
  t: TFunction;
  /** A lookup that reads keys from the given namespace instead of `common`. */
  getFixedT: (namespace: string) => TFunction;
};

const placeholder = /{{\s*(\w+)\s*}}/g;

/**
 * The translations of a page in the browser: only its locale's namespaces, no global state. The
 * server renders with i18next (./i18n-server) over the same resources; pages never switch
 * language in place and use no plurals, so key lookup and placeholders, as i18next does them, are
 * all hydration needs, in a few hundred bytes instead of the library's fifteen kilobytes.
 */
export function createI18n(
  locale: Locale,
  resources: Resources,
  /** Told of every key looked up, found or not (the server uses it to send islands their strings). */
  onLookup?: (namespace: string, path: string) => void,
): Translator {
  const lookup = (namespace: string, path: string): string | undefined => {
    onLookup?.(namespace, path);
    let node: unknown = resources[namespace];
    for (const part of path.split('.')) {
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const fixed =
    (namespace: string): TFunction =>
    (key, options = {}) => {
      const separator = key.indexOf(':');
      const text =
        (separator > 0
          ? lookup(key.slice(0, separator), key.slice(separator + 1))
          : lookup(namespace, key)) ??
        options.defaultValue ??
        key;
      return text.replace(placeholder, (match, name: string) =>
        name in options ? String(options[name]) : match,
      );
    };
  return { language: locale, t: fixed(defaultNamespace), getFixedT: fixed };
}
