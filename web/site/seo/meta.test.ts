import { describe, expect, it } from 'vitest';
import { resourcesFor } from '../entry-server';
import { createI18n } from '../../shared/i18n/i18n';
import type { PageProps } from '../pages/page-props';
import { samplePageProps, sampleItemRoutes } from '../testing/sample-props';
import { pageMeta, trimDescription } from './meta';

function metaOf(props: PageProps) {
  return pageMeta(props, createI18n(props.locale, resourcesFor(props.locale, props.page.kind)).t);
}

const itemRoute = (prefix: string) => sampleItemRoutes.find((route) => route.startsWith(prefix))!;

describe('trimDescription', () => {
  it('keeps short text and cuts long text at a word, marking the cut', () => {
    expect(trimDescription('  A short   summary. ')).toBe('A short summary.');
    const long = `${'word '.repeat(60)}end`;
    const trimmed = trimDescription(long);
    expect(trimmed.length).toBeLessThanOrEqual(160);
    expect(trimmed).toMatch(/word…$/);
    expect(trimDescription('one, two, three four', 14)).toBe('one, two…');
  });
});

describe('pageMeta', () => {
  it("uses a content page's own meta title and description", () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/penetration-testing',
    });
    const content = props.page.content!;
    const meta = metaOf(props);
    expect(meta.title).toBe(content.metaTitle);
    expect(meta.description).toBe(content.metaDescription);
    expect(meta.heading).toBe('Penetration Testing');
    expect(meta.noindex).toBe(false);
  });

  it('falls back to the heading and the summary, shortened to about 160 characters', () => {
    const props = samplePageProps({ route: '/about-us', locale: 'nl' });
    const summary = `${'Noorvale helps regulated organisations '.repeat(8)}end.`;
    props.page.content = { title: 'About', summary };
    const meta = metaOf(props);
    expect(meta.title).toBe('Over ons | Noorvale Assurance');
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(summary.startsWith(meta.description.slice(0, -1))).toBe(true);
  });

  it('uses the generic wording for a page without content', () => {
    const props = samplePageProps({ route: '/about-us', locale: 'fr' });
    props.page.content = null;
    const meta = metaOf(props);
    expect(meta.title).toBe('À propos | Noorvale Assurance');
    expect(meta.description).toContain('À propos');
  });

  it('titles items by their title and describes them by their description or summary', () => {
    for (const prefix of ['/resources/news/', '/resources/webinars/', '/careers/jop-vacancies/']) {
      const props = samplePageProps({ route: itemRoute(prefix), locale: 'ar' });
      const content = props.page.content!;
      const meta = metaOf(props);
      expect(meta.heading).toBe(content.title);
      expect(meta.title).toBe(`${String(content.title)} | Noorvale Assurance`);
      const written =
        typeof content.description === 'string' ? content.description : content.summary;
      expect(meta.description).toBe(trimDescription(String(written)));
    }
  });

  it('titles the home page with the tagline', () => {
    const meta = metaOf(samplePageProps({ route: '/' }));
    expect(meta.title).toBe('Noorvale Assurance | Information security, compliance and audit');
    expect(meta.noindex).toBe(false);
  });

  it('keeps sign-in pages and the not-found page out of search indexes', () => {
    expect(metaOf(samplePageProps({ route: '/auth/login' })).noindex).toBe(true);
    expect(metaOf(samplePageProps({ route: '/nowhere' })).noindex).toBe(true);
    const other = samplePageProps({ route: '/auth/login' });
    other.page.kind = 'forms';
    other.page.route = '/auth/register';
    expect(metaOf(other).noindex).toBe(true);
  });
});

describe('a search listing', () => {
  it('gives the page its title, description and noindex, and nothing else changes', () => {
    const props = samplePageProps({ route: itemRoute('/resources/news/') });
    const plain = metaOf(props);
    props.page.content = {
      ...props.page.content,
      seo: { title: 'A search title', description: 'A search description.', noindex: true },
    };
    const meta = metaOf(props);
    expect(meta).toEqual({
      heading: plain.heading,
      title: 'A search title',
      description: 'A search description.',
      noindex: true,
    });
    expect(plain.noindex).toBe(false);
    expect(plain.title).not.toBe('A search title');
  });
});
