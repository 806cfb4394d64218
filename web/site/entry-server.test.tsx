// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkPageProps,
  render,
  resourcesFor,
  scriptHashes,
  firstPaintScript,
} from './entry-server';
import { locales, type PagePayload, type PageProps } from './pages/page-props';
import { sampleItemRoutes, samplePageProps, sampleRoutes } from './testing/sample-props';

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
    expect(doc.title).toBe('About Us | Noorvale Assurance');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Independent information security/,
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

  it('titles the home page in its own language, og:title included', () => {
    const titles = locales.map((locale) => {
      const doc = parse(render(samplePageProps({ route: '/', locale }), assets));
      const og = doc.querySelector('meta[property="og:title"]')?.getAttribute('content');
      expect(og).toBe(doc.title);
      return doc.title;
    });
    expect(new Set(titles).size).toBe(locales.length);
    expect(titles[locales.indexOf('ar')]).toMatch(/[\u0600-\u06FF]/);
  });

  it('marks the not-found page noindex and gives it no canonical address', () => {
    const doc = parse(render(samplePageProps({ route: '/no-such-page', locale: 'fr' }), assets));
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('h1')?.textContent).toBe('Page introuvable');
  });

  it.each(locales)('renders exactly one h1 on every page, in %s', (locale) => {
    for (const route of [...sampleRoutes, ...sampleItemRoutes, '/missing']) {
      const html = render(samplePageProps({ route, locale }), assets);
      const headings = [...html.matchAll(/<h1[\s>][^]*?<\/h1>/g)];
      expect(headings, `${locale} ${route}`).toHaveLength(1);
      expect(headings[0]![0].replace(/<[^>]+>/g, '').trim(), `${locale} ${route}`).not.toBe('');
    }
  });

  it('contains one inline script, whose hash is the one published for the CSP', () => {
    const doc = parse(render(samplePageProps({ route: '/' }), assets));
    const inline = [...doc.querySelectorAll('script')].filter(
      (script) =>
        !script.src && script.type !== 'application/json' && script.type !== 'application/ld+json',
    );
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!.textContent!, 'utf8').digest('base64');
    expect(scriptHashes).toEqual([`sha256-${hash}`]);
    expect(inline[0]!.textContent).toBe(firstPaintScript);
  });

  it('has no inline styles or event handler attributes, which the CSP would block', () => {
    for (const route of [...sampleRoutes, ...sampleItemRoutes]) {
      const html = render(samplePageProps({ route, locale: 'ar' }), assets);
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('carries its stylesheets inline when given their text, so the first paint waits for nothing', () => {
    const styles = [':root{color:#111}', '.hero{display:grid}'];
    const doc = parse(render(samplePageProps({ route: '/' }), { ...assets, styles }));
    expect([...doc.querySelectorAll('head style')].map((style) => style.textContent)).toEqual(
      styles,
    );
    expect(doc.querySelector('link[rel="stylesheet"]')).toBeNull();
  });

  it('loads nothing from another origin', () => {
    const doc = parse(render(samplePageProps({ route: '/' }), assets));
    const sources = [
      ...doc.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="icon"], img'),
    ].map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '');
    for (const source of sources) expect(source.startsWith('/')).toBe(true);
  });

  it('embeds the props and only the current language for a page that hydrates whole', () => {
    const props = samplePageProps({ route: '/contact-us/cairo', locale: 'nl' });
    const payload = payloadOf(parse(render(props, assets)));
    expect(payload.props).toEqual(props);
    expect(payload.islands).toBeUndefined();
    expect(Object.keys(payload.resources)).toEqual(['common', 'pages', 'forms']);
    expect(payload.resources).toEqual(resourcesFor('nl', 'contact'));
  });

  it('sends a page of islands each island’s props and strings, not the content again', () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/penetration-testing',
      locale: 'ar',
    });
    const doc = parse(render(props, assets));
    const payload = payloadOf(doc);
    const markers = [...doc.querySelectorAll<HTMLElement>('[data-island-index]')];
    expect(markers.map((marker) => marker.dataset.island)).toEqual(
      payload.islands!.map((island) => island.name),
    );
    expect(payload.islands!.map((island) => island.name).sort()).toEqual([
      'account-control',
      'desktop-nav',
      'language-switcher',
      'mobile-menu',
      'on-this-page',
      'site-search',
      'theme-toggle',
      'toaster',
    ]);
    // The content is in the HTML once, not in the data: the service's text, the footer.
    expect(payload.props.page.content).toBeNull();
    expect(payload.props.footer).toEqual([]);
    const text = JSON.stringify(payload);
    const what = (props.page.content as { what: string[] }).what[0]!;
    expect(doc.querySelector('main')!.textContent).toContain(what);
    expect(text).not.toContain(what);
    // Strings: the islands' and none of the page's own (the service page's "why us").
    const all = resourcesFor('ar', 'service');
    expect(payload.resources.common!.theme).toEqual(all.common!.theme);
    expect(payload.resources.pages).toBeUndefined();
    expect(payload.resources.common!.footer).toBeUndefined();
    expect(text.length).toBeLessThan(JSON.stringify({ props, resources: all }).length / 2);
  });

  it('keeps content from closing the props script element', () => {
    const hostile = '</script><script>alert(1)</script>';
    const props = samplePageProps({ route: '/' });
    props.site = { ...props.site, tagline: hostile, name: `Noorvale ${hostile}` };
    const html = render(props, assets);
    expect(html).not.toContain('<script>alert(1)');
    const doc = parse(html);
    const data = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(doc.querySelectorAll('script')).toHaveLength(3 + data.length);
    expect(payloadOf(doc).props.site.tagline).toBe(hostile);
  });

  it('uses a separate translation instance for each render', () => {
    const arabic = parse(render(samplePageProps({ route: '/about-us', locale: 'ar' }), assets));
    const english = parse(render(samplePageProps({ route: '/about-us', locale: 'en' }), assets));
    const current = (doc: Document) => doc.querySelector('[aria-current="page"]')?.textContent;
    expect(current(arabic)).toBe('نظرة عامة');
    expect(current(english)).toBe('Overview');
  });
});

function jsonLdOf(doc: Document): Record<string, unknown>[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent!) as Record<string, unknown>,
  );
}

describe('search engine head', () => {
  it("writes a content page's meta title and description, and link preview tags", () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/penetration-testing',
      locale: 'ar',
    });
    const doc = parse(render(props, assets));
    const content = props.page.content!;
    const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content');
    expect(doc.title).toBe(content.metaTitle);
    expect(meta('meta[name="description"]')).toBe(content.metaDescription);
    expect(meta('meta[property="og:title"]')).toBe(content.metaTitle);
    expect(meta('meta[property="og:description"]')).toBe(content.metaDescription);
    expect(meta('meta[property="og:url"]')).toBe(props.canonical);
    expect(meta('meta[property="og:locale"]')).toBe('ar_AR');
    expect(meta('meta[property="og:image"]')).toBe('http://localhost:8080/og-default.png');
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:site"]')).toBe('@noorvale_example');
    expect(meta('meta[name="twitter:image"]')).toBe('http://localhost:8080/og-default.png');
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('marks sign-in pages noindex', () => {
    const doc = parse(render(samplePageProps({ route: '/auth/login', locale: 'nl' }), assets));
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it("follows an item's search listing in its head tags and JSON-LD, in Arabic too", () => {
    const route = sampleItemRoutes.find((path) => path.startsWith('/resources/news/'))!;
    const props = samplePageProps({ route, locale: 'ar' });
    const cover = '0123456789abcdef0123456789abcdef';
    const chosen = 'fedcba9876543210fedcba9876543210';
    props.page.cover = cover;
    props.page.content = {
      ...props.page.content,
      seo: {
        title: 'عنوان للبحث',
        description: 'وصف للبحث.',
        noindex: true,
        image: `cover:${chosen}`,
      },
    };
    const doc = parse(render(props, assets));
    const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content');
    const preview = `http://localhost:8080/media/covers/${chosen}/og.jpg`;
    expect(doc.title).toBe('عنوان للبحث');
    expect(meta('meta[name="description"]')).toBe('وصف للبحث.');
    expect(meta('meta[property="og:title"]')).toBe('عنوان للبحث');
    expect(meta('meta[name="twitter:description"]')).toBe('وصف للبحث.');
    expect(meta('meta[property="og:image"]')).toBe(preview);
    expect(meta('meta[property="og:image:alt"]')).toBe(props.page.content.imageAlt);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    const blocks = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (el) => JSON.parse(el.textContent ?? '{}') as Record<string, unknown>,
    );
    const article = blocks.find((block) => block['@type'] === 'Article')!;
    expect(article.headline).toBe('عنوان للبحث');
    expect(article.description).toBe('وصف للبحث.');
    expect(article.image).toBe(preview);

    props.page.content = { ...props.page.content, seo: { image: 'site' } };
    const plain = parse(render(props, assets));
    expect(plain.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'http://localhost:8080/og-default.png',
    );
    expect(plain.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("previews an item with its uploaded cover's JPEG, described by its alt text", () => {
    const route = sampleItemRoutes.find((path) => path.startsWith('/resources/news/'))!;
    const props = samplePageProps({ route });
    const id = '0123456789abcdef0123456789abcdef';
    props.page.cover = id;
    const doc = parse(render(props, assets));
    const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content');
    const preview = `http://localhost:8080/media/covers/${id}/og.jpg`;
    expect(meta('meta[property="og:image"]')).toBe(preview);
    expect(meta('meta[property="og:image:type"]')).toBe('image/jpeg');
    expect(meta('meta[name="twitter:image"]')).toBe(preview);
    expect(meta('meta[property="og:image:alt"]')).toBe(props.page.content!.imageAlt);
    const picture = doc.querySelector('main picture');
    expect(picture?.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toContain(
      `/media/covers/${id}/1200.avif 1200w`,
    );
    expect(picture?.querySelector('img')?.getAttribute('alt')).toBe(props.page.content!.imageAlt);
  });

  it('titles an item page by the item and calls an article an article', () => {
    const route = sampleItemRoutes.find((path) => path.startsWith('/resources/news/'))!;
    const props = samplePageProps({ route });
    const doc = parse(render(props, assets));
    expect(doc.title).toBe(`${String(props.page.content!.title)} | Noorvale Assurance`);
    expect(doc.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
  });

  it('writes JSON-LD blocks that parse, with the types of the page', () => {
    const cases: [string, string[]][] = [
      ['/', ['Organization']],
      ['/contact-us/dubai', ['Organization', 'BreadcrumbList']],
      ['/compliance/soc-reports/soc-2', ['Organization', 'BreadcrumbList', 'Service', 'FAQPage']],
      [
        sampleItemRoutes.find((path) => path.startsWith('/resources/webinars/'))!,
        ['Organization', 'BreadcrumbList', 'Event'],
      ],
      [
        sampleItemRoutes.find((path) => path.startsWith('/careers/jop-vacancies/'))!,
        ['Organization', 'BreadcrumbList', 'JobPosting'],
      ],
      [
        sampleItemRoutes.find((path) => path.startsWith('/resources/blogs/'))!,
        ['Organization', 'BreadcrumbList', 'Article'],
      ],
    ];
    for (const [route, types] of cases) {
      const doc = parse(render(samplePageProps({ route, locale: 'fr' }), assets));
      const blocks = jsonLdOf(doc);
      expect(
        blocks.map((block) => block['@type']),
        route,
      ).toEqual(types);
      for (const block of blocks) expect(block['@context']).toBe('https://schema.org');
    }
  });

  it('shows every FAQ question on the page and in the FAQPage block', () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/penetration-testing',
    });
    const doc = parse(render(props, assets));
    const questions = (props.page.content!.faqs as { question: string }[]).map(
      (faq) => faq.question,
    );
    const shown = [...doc.querySelectorAll('details > summary')].map((summary) =>
      summary.textContent!.trim(),
    );
    expect(shown).toEqual(questions);
    const faqPage = jsonLdOf(doc).find((block) => block['@type'] === 'FAQPage')!;
    expect((faqPage.mainEntity as { name: string }[]).map((question) => question.name)).toEqual(
      questions,
    );
  });

  it('keeps content from closing a JSON-LD script element', () => {
    const hostile = '</script><script>alert(1)</script>';
    const props = samplePageProps({
      route: '/services/cybersecurity-services/penetration-testing',
    });
    const content = props.page.content!;
    props.page.content = {
      ...content,
      title: `Testing ${hostile}`,
      faqs: [{ question: `Why? ${hostile}`, answer: `Because <!-- ${hostile}` }],
    };
    props.site = { ...props.site, name: `Noorvale ${hostile}` };
    const html = render(props, assets);
    expect(html).not.toContain('<script>alert(1)');
    const raw = [...html.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)];
    expect(raw.length).toBeGreaterThan(0);
    for (const [, text] of raw) expect(text).not.toMatch(/[<>]/);
    const doc = parse(html);
    const executable = [...doc.querySelectorAll('script')].filter(
      (script) => script.type === '' || script.type === 'module',
    );
    expect(executable.map((script) => script.getAttribute('src') ?? script.textContent)).toEqual([
      firstPaintScript,
      assets.entry,
    ]);
    const blocks = jsonLdOf(doc);
    const organization = blocks.find((block) => block['@type'] === 'Organization')!;
    expect(organization.name).toBe(`Noorvale ${hostile}`);
    const faqPage = blocks.find((block) => block['@type'] === 'FAQPage')!;
    expect((faqPage.mainEntity as { name: string }[])[0]!.name).toBe(`Why? ${hostile}`);
    expect(blocks.find((block) => block['@type'] === 'Service')!.name).toBe(`Testing ${hostile}`);
  });
});

describe('checkPageProps', () => {
  it('accepts props as the server sends them', () => {
    expect(checkPageProps(samplePageProps({ route: '/' }))).toBeNull();
    expect(checkPageProps(samplePageProps({ route: '/x' }))).toBeNull();
  });

  it('accepts props without the content fields, which render as a page without content', () => {
    const props = samplePageProps({ route: '/about-us', locale: 'nl' });
    const {
      content: _content,
      items: _items,
      contentLocale: _locale,
      updated: _updated,
      ...page
    } = props.page;
    const bare = { ...props, page } as unknown as PageProps;
    expect(checkPageProps(bare)).toBeNull();
    const doc = parse(render(bare, assets));
    expect(doc.querySelector('h1')?.textContent).toBe('Over ons');
    expect(payloadOf(doc).props.page).toMatchObject({
      content: null,
      items: [],
      contentLocale: 'nl',
      updated: '',
    });
  });

  it('names what is wrong with bad props', () => {
    expect(checkPageProps(null)).toMatch(/object/);
    expect(checkPageProps({ ...samplePageProps({ route: '/' }), locale: 'de' })).toMatch(/locale/);
    expect(checkPageProps({ ...samplePageProps({ route: '/' }), status: 500 })).toMatch(/status/);
    expect(checkPageProps({ ...samplePageProps({ route: '/' }), nav: {} })).toMatch(/nav/);
    const page = samplePageProps({ route: '/about-us' }).page;
    const withPage = (changes: object) => ({
      ...samplePageProps({ route: '/about-us' }),
      page: { ...page, ...changes },
    });
    expect(checkPageProps(withPage({ content: 'text' }))).toMatch(/content/);
    expect(checkPageProps(withPage({ items: {} }))).toMatch(/items/);
    expect(checkPageProps(withPage({ contentLocale: 'de' }))).toMatch(/contentLocale/);
    expect(checkPageProps(withPage({ kind: 'vacancy' }))).toBeNull();
  });
});
