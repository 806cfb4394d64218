import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { createServerI18n } from './i18n-server';
import { locales, type Resources } from './locales';

const resources = {
  common: { nav: { home: 'Home' }, footer: { copyright: '© {{year}} {{name}}.' } },
  pages: { cta: { button: 'Request a proposal' } },
};

describe('createI18n', () => {
  const i18n = createI18n('en', resources);

  it('looks up nested keys in common, or in a namespace', () => {
    expect(i18n.language).toBe('en');
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('pages:cta.button')).toBe('Request a proposal');
    expect(i18n.getFixedT('pages')('cta.button')).toBe('Request a proposal');
  });

  it('fills in placeholders and leaves unknown ones visible', () => {
    expect(i18n.t('footer.copyright', { year: 2026, name: 'Noorvale' })).toBe('© 2026 Noorvale.');
    expect(i18n.t('footer.copyright', { year: 2026 })).toBe('© 2026 {{name}}.');
  });

  it('falls back to the default value, then to the key', () => {
    expect(i18n.t('nav.missing', { defaultValue: 'Missing {{n}}', n: 1 })).toBe('Missing 1');
    expect(i18n.t('nav.missing')).toBe('nav.missing');
    expect(i18n.t('nav')).toBe('nav');
    expect(i18n.getFixedT('absent')('cta.button')).toBe('cta.button');
  });
});

describe('the browser translator and the server i18next', () => {
  const namespaces = ['common', 'pages', 'resources'];
  const flatten = (node: unknown, prefix = ''): [string, string][] =>
    typeof node === 'string'
      ? [[prefix, node]]
      : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
          flatten(v, prefix ? `${prefix}.${k}` : k),
        );

  for (const locale of locales) {
    it(`give the same text for every ${locale} string, so hydration matches the server`, async () => {
      const resources: Resources = {};
      for (const ns of namespaces) {
        resources[ns] = (await import(`../../locales/${locale}/${ns}.json`)).default;
      }
      const browser = createI18n(locale, resources);
      const server = createServerI18n(locale, resources);
      let compared = 0;
      for (const ns of namespaces) {
        for (const [key, text] of flatten(resources[ns])) {
          // Every placeholder gets a value, and one more case leaves them all unset.
          const values = Object.fromEntries(
            [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => [m[1]!, `«${m[1]}»`]),
          );
          expect(browser.getFixedT(ns)(key, values)).toBe(server.getFixedT(ns)(key, values));
          expect(browser.t(`${ns}:${key}`)).toBe(server.t(`${ns}:${key}`));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(100);
      expect(browser.t('nav.noSuchKey', { defaultValue: 'Fallback {{n}}', n: 3 })).toBe(
        server.t('nav.noSuchKey', { defaultValue: 'Fallback {{n}}', n: 3 }),
      );
    });
  }
});
