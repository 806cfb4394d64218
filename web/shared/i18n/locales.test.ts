import { describe, expect, it } from 'vitest';
import sitemap from '../../../api/content/seed/sitemap.json';
import { locales } from './locales';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// Every namespace file of every language, flattened to "namespace:key.path" → text. The site's
// namespaces serve every locale of the site; the back-office's (`admin`) serves the languages it
// has a catalogue for, so adding one is adding a file.
const files = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });
const flat: Record<string, Map<string, string>> = {};
const namespaces: Record<string, string[]> = {};
for (const [path, tree] of Object.entries(files)) {
  const [, code, namespace] = /^\.\.\/\.\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path)!;
  (namespaces[code!] ??= []).push(namespace!);
  const strings = (flat[code!] ??= new Map());
  for (const [key, text] of flatten(tree)) {
    strings.set(namespace === 'common' ? key : `${namespace}:${key}`, text);
  }
}
const english = flat.en!;

const adminNamespace = 'admin';
const namespaceOf = (key: string) =>
  key.includes(':') ? key.slice(0, key.indexOf(':')) : 'common';
const servesNamespace = (code: string, namespace: string) =>
  namespaces[code]?.includes(namespace) ?? false;
/** English's keys of the namespaces a language serves. */
const englishFor = (code: string) =>
  [...english.keys()].filter((key) => servesNamespace(code, namespaceOf(key)));

// i18next's plural forms: "key_one", "key_other" in English, as many as a language has elsewhere.
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(pluralSuffix, '')))];

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
// A placeholder in one brace is not i18next's and would be shown as written.
const strayPlaceholders = (text: string) =>
  text.replace(/{{\s*\w+\s*}}/g, '').match(/{\s*\w+\s*}/g) ?? [];

// Standard designations stay as published (ISO/IEC 27001, PCI DSS, SOC 2) in every language.
const standardName = /^(ISO(\/IEC)? [\d-]+|PCI [A-Z0-9]+|SOC \d)$/;

describe('translations', () => {
  for (const code of locales.filter((locale) => locale !== 'en')) {
    it(`${code} has every namespace file of the site`, () => {
      const site = namespaces.en!.filter((namespace) => namespace !== adminNamespace);
      expect(site.filter((namespace) => !servesNamespace(code, namespace))).toEqual([]);
    });
  }

  it('has every language the back-office offers among the site’s locales', () => {
    const offered = Object.keys(namespaces).filter((code) => servesNamespace(code, adminNamespace));
    expect(offered).toContain('en');
    expect(offered.filter((code) => !(locales as readonly string[]).includes(code))).toEqual([]);
  });

  for (const code of Object.keys(flat).filter((c) => c !== 'en')) {
    it(`${code} has exactly the English keys`, () => {
      const theirs = baseKeys([...flat[code]!.keys()]);
      const ours = baseKeys(englishFor(code));
      expect(theirs.filter((key) => !ours.includes(key))).toEqual([]);
      expect(ours.filter((key) => !theirs.includes(key))).toEqual([]);
    });

    it(`${code} has every plural form its language needs`, () => {
      const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      const keys = [...flat[code]!.keys()];
      const plurals = baseKeys(keys.filter((key) => pluralSuffix.test(key)));
      for (const base of plurals) {
        for (const category of categories) expect(keys, base).toContain(`${base}_${category}`);
      }
    });

    it(`${code} uses the same interpolation variables as English`, () => {
      const englishVariables = (key: string) =>
        variables(english.get(key) ?? english.get(`${key.replace(pluralSuffix, '')}_other`) ?? '');
      for (const [key, text] of flat[code]!) {
        expect(variables(text), `${code}:${key}`).toEqual(englishVariables(key));
      }
    });
  }

  it('writes every placeholder as i18next reads it, {{name}}', () => {
    for (const [code, strings] of Object.entries(flat)) {
      for (const [key, text] of strings)
        expect(strayPlaceholders(text), `${code}:${key}`).toEqual([]);
    }
  });

  it('has no empty strings in any language', () => {
    for (const [code, strings] of Object.entries(flat)) {
      for (const [key, text] of strings) expect(text.trim(), `${code}:${key}`).not.toBe('');
    }
  });

  it('writes every Arabic string that has letters in Arabic script', () => {
    for (const [key, text] of flat.ar!) {
      const withoutVariables = text.replace(/{{\s*\w+\s*}}/g, '');
      if (!/\p{L}/u.test(withoutVariables)) continue;
      if (standardName.test(text)) {
        expect(text, key).toBe(english.get(key));
        continue;
      }
      expect(withoutVariables, key).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it('names every page and group of the sitemap, plus overview, notFound and legal', () => {
    const keys: string[] = ['overview', 'notFound', 'legal'];
    const walk = (nodes: { key: string; children?: unknown[] }[]) => {
      for (const node of nodes) {
        keys.push(node.key);
        walk((node.children ?? []) as { key: string; children?: unknown[] }[]);
      }
    };
    walk(sitemap.pages);
    for (const group of sitemap.footer) keys.push(group.key);
    for (const key of keys) expect(english.has(`nav.${key}`), key).toBe(true);
  });
});
