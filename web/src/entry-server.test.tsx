// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkPageProps, render, resourcesFor, scriptHashes, themeScript } from './entry-server';
import { locales, type PagePayload } from './page-props';
import { samplePageProps, sampleRoutes } from './testing/sample-props';

const assets = {
  entry: '/assets/entry-client-abc.js',
  css: ['/assets/entry-client-abc.css'],
  preload: ['/assets/vendor-abc.js'],
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function payloadOf(doc: Document): PagePayload {
  return JSON.parse(doc.getElementById('page-props')!.textContent!) as PagePayload;
}

describe('render', () => {
  it('writes a complete document with the language and direction of the page', () => {
    const html = render(samplePageProps({ route: '/about-us', locale: 'ar' }), assets);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const doc = parse(html);
    expect(doc.documentElement.lang).toBe('ar');
    expect(doc.documentElement.dir).toBe('rtl');
    expect(doc.title).toBe('من نحن | Noorvale Assurance');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'من نحن',
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost:8080/ar/about-us',
    );
    expect(doc.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(5);
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg');
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(assets.css[0]);
    expect(doc.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      assets.preload[0],
    );
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe(assets.entry);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('titles the home page with the firm and its tagline', () => {
    const doc = parse(render(samplePageProps({ route: '/' }), assets));
    expect(doc.title).toBe('Noorvale Assurance | Information security, compliance and audit');
  });

  it('marks the not-found page noindex and gives it no canonical address', () => {
    const doc = parse(render(samplePageProps({ route: '/no-such-page', locale: 'fr' }), assets));
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('h1')?.textContent).toBe('Page introuvable');
  });

  it('renders exactly one h1 on every page, in every language', () => {
    for (const locale of locales) {
      for (const route of [...sampleRoutes, '/missing']) {
        const html = render(samplePageProps({ route, locale }), assets);
        const headings = [...html.matchAll(/<h1[\s>][^]*?<\/h1>/g)];
        expect(headings, `${locale} ${route}`).toHaveLength(1);
        expect(headings[0]![0].replace(/<[^>]+>/g, '').trim(), `${locale} ${route}`).not.toBe('');
      }
    }
  });

  it('contains one inline script, whose hash is the one published for the CSP', () => {
    const doc = parse(render(samplePageProps({ route: '/' }), assets));
    const inline = [...doc.querySelectorAll('script')].filter(
      (script) => !script.src && script.type !== 'application/json',
    );
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!.textContent!, 'utf8').digest('base64');
    expect(scriptHashes).toEqual([`sha256-${hash}`]);
    expect(inline[0]!.textContent).toBe(themeScript);
  });

  it('has no inline styles or event handler attributes, which the CSP would block', () => {
    for (const route of ['/', '/services/cybersecurity-services', '/contact-us/dubai']) {
      const html = render(samplePageProps({ route, locale: 'ar' }), assets);
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('loads nothing from another origin', () => {
    const doc = parse(render(samplePageProps({ route: '/' }), assets));
    const sources = [
      ...doc.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="icon"], img'),
    ].map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '');
    for (const source of sources) expect(source.startsWith('/')).toBe(true);
  });

  it('embeds the props and only the current language for hydration', () => {
    const props = samplePageProps({ route: '/compliance/soc-reports', locale: 'nl' });
    const payload = payloadOf(parse(render(props, assets)));
    expect(payload.props).toEqual(props);
    expect(Object.keys(payload.resources)).toEqual(['common']);
    expect(payload.resources).toEqual(resourcesFor('nl'));
  });

  it('keeps content from closing the props script element', () => {
    const hostile = '</script><script>alert(1)</script>';
    const props = samplePageProps({ route: '/' });
    props.site = { ...props.site, tagline: hostile, name: `Noorvale ${hostile}` };
    const html = render(props, assets);
    expect(html).not.toContain('<script>alert(1)');
    const doc = parse(html);
    expect(doc.querySelectorAll('script')).toHaveLength(3);
    expect(payloadOf(doc).props.site.tagline).toBe(hostile);
  });

  it('uses a separate translation instance for each render', () => {
    const arabic = parse(render(samplePageProps({ route: '/about-us', locale: 'ar' }), assets));
    const english = parse(render(samplePageProps({ route: '/about-us', locale: 'en' }), assets));
    expect(arabic.querySelector('h1')?.textContent).toBe('من نحن');
    expect(english.querySelector('h1')?.textContent).toBe('About Us');
  });
});

describe('checkPageProps', () => {
  it('accepts props as the server sends them', () => {
    expect(checkPageProps(samplePageProps({ route: '/' }))).toBeNull();
    expect(checkPageProps(samplePageProps({ route: '/x' }))).toBeNull();
  });

  it('names what is wrong with bad props', () => {
    expect(checkPageProps(null)).toMatch(/object/);
    expect(checkPageProps({ ...samplePageProps({ route: '/' }), locale: 'de' })).toMatch(/locale/);
    expect(checkPageProps({ ...samplePageProps({ route: '/' }), status: 500 })).toMatch(/status/);
    expect(checkPageProps({ ...samplePageProps({ route: '/' }), nav: {} })).toMatch(/nav/);
  });
});
