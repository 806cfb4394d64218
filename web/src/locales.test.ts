import { describe, expect, it } from 'vitest';
import sitemap from '../../api/content/seed/sitemap.json';

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

// Every namespace file of every language, flattened to "namespace:key.path" → text.
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });
const flat: Record<string, Map<string, string>> = {};
const namespaces: Record<string, string[]> = {};
for (const [path, tree] of Object.entries(files)) {
  const [, code, namespace] = /^\.\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path)!;
  (namespaces[code!] ??= []).push(namespace!);
  const strings = (flat[code!] ??= new Map());
  for (const [key, text] of flatten(tree)) {
    strings.set(namespace === 'common' ? key : `${namespace}:${key}`, text);
  }
}
const english = flat.en!;

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

// Standard designations stay as published (ISO/IEC 27001, PCI DSS, SOC 2) in every language.
const standardName = /^(ISO(\/IEC)? [\d-]+|PCI [A-Z0-9]+|SOC \d)$/;

describe('translations', () => {
  for (const code of ['nl', 'fr', 'ar']) {
    it(`${code} has the same namespace files as English`, () => {
      expect(namespaces[code]?.sort()).toEqual(namespaces.en?.sort());
    });

    it(`${code} has exactly the English keys`, () => {
      const theirs = flat[code]!;
      expect([...theirs.keys()].filter((key) => !english.has(key))).toEqual([]);
      expect([...english.keys()].filter((key) => !theirs.has(key))).toEqual([]);
    });

    it(`${code} uses the same interpolation variables as English`, () => {
      for (const [key, text] of english) {
        expect(variables(flat[code]!.get(key) ?? ''), key).toEqual(variables(text));
      }
    });
  }

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
