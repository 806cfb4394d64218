import siteSeed from '../../../api/content/seed/site.json';
import sitemap from '../../../api/content/seed/sitemap.json';
import { localizePath } from '../locale-paths';
import type { Breadcrumb, Locale, MenuItem, PageKind, PageProps, Site } from '../page-props';

// Builds page props from the seed files the way the server does, so tests and previews render
// the real menu tree.

type SitemapPage = {
  key: string;
  name: string;
  route?: string;
  kind?: string;
  children?: SitemapPage[];
};

const pages = sitemap.pages as SitemapPage[];

function findPath(
  nodes: SitemapPage[],
  match: (page: SitemapPage) => boolean,
): SitemapPage[] | null {
  for (const node of nodes) {
    if (match(node)) return [node];
    const below = findPath(node.children ?? [], match);
    if (below) return [node, ...below];
  }
  return null;
}

const byKey = (key: string) => findPath(pages, (page) => page.key === key)?.at(-1);

function menuItem(page: SitemapPage): MenuItem {
  const children = page.children ?? [];
  if (children.length === 0)
    return { name: page.name, translationKey: page.key, route: page.route };
  const items = children.map(menuItem);
  if (page.route)
    items.unshift({ name: 'Overview', translationKey: 'overview', route: page.route });
  return { name: page.name, translationKey: page.key, children: items };
}

export const sampleNav: MenuItem[] = sitemap.menu.map((key) => menuItem(byKey(key)!));

export const sampleFooter: PageProps['footer'] = sitemap.footer.map((group) => ({
  translationKey: group.key,
  name: group.name,
  items: group.items.map((key) => {
    const page = byKey(key)!;
    return { name: page.name, translationKey: page.key, route: page.route };
  }),
}));

export const sampleSite: Site = {
  ...siteSeed,
  social: siteSeed.social as Site['social'],
  captchaSiteKey: '',
};

const baseUrl = 'http://localhost:8080';

type SampleOptions = { route: string; locale?: Locale; year?: number };

/** Props for the page at `route` (locale-free); an unknown route gives the 404 page. */
export function samplePageProps({ route, locale = 'en', year = 2026 }: SampleOptions): PageProps {
  const trail = findPath(pages, (page) => page.route === route);
  const page = trail?.at(-1);
  const home: Breadcrumb = { translationKey: 'home', name: 'Home', route: '/' };
  const common = {
    locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    year,
    baseUrl,
    site: sampleSite,
    nav: sampleNav,
    footer: sampleFooter,
    languages: [
      { code: 'en', name: 'English' },
      { code: 'nl', name: 'Nederlands' },
      { code: 'fr', name: 'Français' },
      { code: 'ar', name: 'العربية' },
    ],
    user: null,
  } as const;

  if (!trail || !page) {
    return {
      ...common,
      status: 404,
      languages: [...common.languages],
      page: {
        route: '',
        path: localizePath(route, locale),
        kind: 'not-found',
        translationKey: 'notFound',
        children: [],
        breadcrumbs: [],
      },
      alternates: [],
      canonical: '',
    };
  }

  const crumbs: Breadcrumb[] =
    page.route === '/'
      ? [home]
      : [
          home,
          ...trail.map((node) => ({
            translationKey: node.key,
            name: node.name,
            ...(node.route ? { route: node.route } : {}),
          })),
        ];
  const alternates = (['en', 'nl', 'fr', 'ar'] as const).map((code) => ({
    hreflang: code,
    href: baseUrl + localizePath(route, code),
  }));
  return {
    ...common,
    status: 200,
    languages: [...common.languages],
    page: {
      route,
      path: localizePath(route, locale),
      kind: page.kind as PageKind,
      translationKey: page.key,
      children: (page.children ?? []).map((child) => ({
        name: child.name,
        translationKey: child.key,
        route: child.route,
      })),
      breadcrumbs: crumbs,
    },
    alternates: [...alternates, { hreflang: 'x-default', href: baseUrl + route }],
    canonical: baseUrl + localizePath(route, locale),
  };
}

/** Every route in the sitemap, for tests that go through all pages. */
export const sampleRoutes: string[] = (() => {
  const routes: string[] = [];
  const walk = (nodes: SitemapPage[]) => {
    for (const node of nodes) {
      if (node.route) routes.push(node.route);
      walk(node.children ?? []);
    }
  };
  walk(pages);
  return routes;
})();
