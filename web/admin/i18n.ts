// The back-office's words: one i18next catalogue per language, web/locales/<lang>/admin.json,
// read through the same i18next set-up as the site's server renderer. The site's helpers are
// imported here only, so the rest of the back-office depends on this module alone.
import type english from '../locales/en/admin.json';
import { createServerI18n } from '../shared/i18n/i18n-server';
import { isRightToLeft } from '../shared/i18n/language';

/** The namespace of the back-office's catalogues. */
export const adminNamespace = 'admin';

/** English is the source of the back-office's words, and its language when no other fits. */
export const sourceLanguage = 'en';

/** A language the back-office has a catalogue for, by its code (`en`, `ar`). */
export type Lang = string;

type Catalogue = typeof english;
type Tree = { [key: string]: string | Tree };

/** A key without i18next's plural ending: `passkeys_one` and `passkeys_other` are `passkeys`. */
type Singular<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/**
 * The dotted path of every string of a catalogue, such as `inbox.statuses.new`; a string with
 * plural forms by its base, read with a `count`.
 */
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${Singular<K>}`
    : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A string of the back-office, by its path in the English catalogue. */
export type Key = Paths<Catalogue>;

/** Values for a string's `{{name}}` placeholders. */
export type Params = Record<string, string | number>;

const files = import.meta.glob<Tree>('../locales/*/admin.json', { eager: true, import: 'default' });
const catalogues: Record<Lang, Tree> = {};
for (const [path, tree] of Object.entries(files)) {
  catalogues[/\/locales\/([^/]+)\/admin\.json$/.exec(path)![1]!] = tree;
}

/** The back-office's languages: every one with a catalogue, English first. */
export const adminLanguages: readonly Lang[] = [
  sourceLanguage,
  ...Object.keys(catalogues)
    .filter((code) => code !== sourceLanguage)
    .sort(),
];

type Locale = Parameters<typeof createServerI18n>[0];
const lookups = Object.fromEntries(
  adminLanguages.map((code) => [
    code,
    createServerI18n(code as Locale, { [adminNamespace]: catalogues[code]! }).getFixedT(
      adminNamespace,
    ),
  ]),
);

/** The string `key` in `lang`, with its `{{name}}` placeholders filled. */
export function translate(lang: Lang, key: Key, params?: Params): string {
  const lookup = lookups[lang] ?? lookups[sourceLanguage]!;
  return lookup(key, params);
}

/** Whether `key` names a string (for keys built from server values, such as an action). */
export function isKey(key: string): key is Key {
  let node: string | Tree | undefined = catalogues[sourceLanguage];
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return false;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string';
}

/** The language chosen before if the back-office still has it, else the browser's, else English. */
export function chooseLanguage(stored: string | null, browser: string): Lang {
  if (stored && adminLanguages.includes(stored)) return stored;
  const wanted = browser.toLowerCase();
  return adminLanguages.find((code) => wanted.startsWith(code)) ?? sourceLanguage;
}

/** The language the switch in the header offers after `lang`. */
export function nextLanguage(lang: Lang): Lang {
  return adminLanguages[(adminLanguages.indexOf(lang) + 1) % adminLanguages.length]!;
}

/** The writing direction of a language. */
export function direction(lang: Lang): 'rtl' | 'ltr' {
  return isRightToLeft(lang as Locale) ? 'rtl' : 'ltr';
}

/** The locale the back-office formats dates and numbers in for a language (British English for English). */
export function formattingLocale(lang: Lang): string {
  return lang === sourceLanguage ? 'en-GB' : lang;
}
