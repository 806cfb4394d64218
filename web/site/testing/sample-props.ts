import siteSeed from '../../../api/content/seed/site.json';
import sitemap from '../../../api/content/seed/sitemap.json';
import { localizePath } from '../i18n/locale-paths';
import type {
  Breadcrumb,
  Collection,
  ItemSummary,
  Locale,
  MenuItem,
  PageKind,
  PageProps,
  Site,
} from '../pages/page-props';
import { storedItem, storedPage } from './seed-prose';

// Builds page props from the seed files the way the server does, so tests and previews render
// the real menu tree, page content and collection items.

type Json = Record<string, unknown>;

const pageFiles = import.meta.glob<Json>('../../../api/content/seed/pages/en/**/*.json', {
  eager: true,
  import: 'default',
});
const itemFiles = import.meta.glob<Json>('../../../api/content/seed/collections/en/*/*.json', {
  eager: true,
  import: 'default',
});

/** The content file of a route, as Go stores it: pages/en<route>.json. */
export function sampleContent(route: string): Json | null {
  return storedPage(pageFiles[`../../../api/content/seed/pages/en${route}.json`] ?? null);
}

/** The list page of each collection; items live under it. */
export const collectionRoutes: Record<Collection, string> = {
  news: '/resources/news',
  blogs: '/resources/blogs',
  publications: '/resources/publications',
  webinars: '/resources/webinars',
  vacancies: '/careers/jop-vacancies',
  accreditations: '/about-us/accreditations',
  'case-studies': '/resources/case-studies',
};

const itemKinds: Record<Collection, PageKind> = {
  news: 'article',
  blogs: 'article',
  publications: 'publication',
  webinars: 'webinar',
  vacancies: 'vacancy',
  accreditations: 'accreditation',
  'case-studies': 'case-study',
};

/** The moment sample lists are rendered at, so upcoming webinars stay upcoming in tests. */
export const sampleNow = Date.parse('2026-11-22T12:00:00Z');

function itemContent(collection: Collection, slug: string): Json | null {
  return storedItem(
    collection,
    itemFiles[`../../../api/content/seed/collections/en/${collection}/${slug}.json`] ?? null,
  );
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function summarize(collection: Collection, slug: string, item: Json, now: number): ItemSummary {
  const summary: ItemSummary = {
    collection,
    slug,
    route: `${collectionRoutes[collection]}/${slug}`,
    title: str(item.title),
    description: str(item.description) || str(item.summary),
    imageAlt: str(item.imageAlt),
    date: str(item.date) || str(item.start) || str(item.datePosted) || str(item.since),
  };
  if (collection === 'case-studies') {
    summary.sector = str(item.sector);
    summary.country = str(item.country);
  }
  if (collection === 'news') summary.author = str(item.author);
  if (collection === 'blogs') summary.author = str((item.author as Json | undefined)?.name);
  if (collection === 'vacancies') {
    summary.office = str(item.office);
    summary.employmentType = str(item.employmentType);
  }
  if (collection === 'webinars') summary.upcoming = Date.parse(summary.date) > now;
  return summary;
}

/** The items of a collection in list order: newest first; webinars to come first, soonest first. */
export function sampleItems(collection: Collection, now = sampleNow): ItemSummary[] {
  const prefix = `../../../api/content/seed/collections/en/${collection}/`;
  const items = Object.entries(itemFiles)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, item]) => summarize(collection, path.slice(prefix.length, -5), item, now));
  const time = (item: ItemSummary) => Date.parse(item.date);
  return items.sort((a, b) => {
    if (a.upcoming !== b.upcoming) return a.upcoming ? -1 : 1;
    return a.upcoming ? time(a) - time(b) : time(b) - time(a);
  });
}

/** Every item page's route, for tests that go through all items. */
export const sampleItemRoutes: string[] = (Object.keys(collectionRoutes) as Collection[]).flatMap(
  (collection) => sampleItems(collection).map((item) => item.route),
);

function collectionOfRoute(route: string): Collection | undefined {
  return (Object.keys(collectionRoutes) as Collection[]).find(
    (collection) => collectionRoutes[collection] === route,
  );
}

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
  captcha: { provider: 'altcha', siteKey: '' },
};

const baseUrl = 'http://localhost:8080';

type SampleOptions = { route: string; locale?: Locale; year?: number; now?: number };

/**
 * Props for the page at `route` (locale-free), with its content and items; an unknown route gives
 * the 404 page.
 */
export function samplePageProps({
  route,
  locale = 'en',
  year = 2026,
  now = sampleNow,
}: SampleOptions): PageProps {
  const item = itemPageProps(route, locale, year, now);
  if (item) return item;
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
        content: null,
        items: [],
        contentLocale: locale,
        updated: '',
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
  const collection = collectionOfRoute(route);
  const items =
    collection !== undefined
      ? sampleItems(collection, now)
      : route === '/'
        ? sampleItems('news', now).slice(0, 8)
        : [];
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
      ...(collection ? { collection } : {}),
      content: sampleContent(route),
      items,
      contentLocale: 'en',
      updated: '',
    },
    alternates: alternatesOf(route),
    canonical: baseUrl + localizePath(route, locale),
  };
}

function alternatesOf(route: string): PageProps['alternates'] {
  const alternates = (['en', 'nl', 'fr', 'ar'] as const).map((code) => ({
    hreflang: code,
    href: baseUrl + localizePath(route, code),
  }));
  return [...alternates, { hreflang: 'x-default', href: baseUrl + route }];
}

/** Props of a collection item's page, or null when the route is not one. */
/**
 * The items an item page shows after its text, as the server chooses them: the three others of
 * its collection nearest to it in date (of two as near, the newer), newest first.
 */
function relatedItems(collection: Collection, slug: string, now: number): ItemSummary[] {
  const time = (item: ItemSummary) => Date.parse(item.date);
  const all = sampleItems(collection, now).sort((a, b) => time(b) - time(a));
  const at = time(all.find((item) => item.slug === slug)!);
  const distance = (item: ItemSummary) => Math.abs(time(item) - at);
  const nearest = all
    .filter((item) => item.slug !== slug)
    .sort((a, b) => distance(a) - distance(b) || time(b) - time(a))
    .slice(0, 3);
  return all.filter((item) => nearest.includes(item));
}

function itemPageProps(route: string, locale: Locale, year: number, now: number): PageProps | null {
  const slash = route.lastIndexOf('/');
  const collection = collectionOfRoute(route.slice(0, slash));
  if (!collection) return null;
  const slug = route.slice(slash + 1);
  const content = itemContent(collection, slug);
  if (!content) return null;
  const list = samplePageProps({ route: collectionRoutes[collection], locale, year, now });
  const summary = summarize(collection, slug, content, now);
  return {
    ...list,
    page: {
      ...list.page,
      route,
      path: localizePath(route, locale),
      kind: itemKinds[collection],
      translationKey: '',
      children: [],
      breadcrumbs: [...list.page.breadcrumbs, { translationKey: '', name: summary.title }],
      collection,
      content,
      items: [],
      related: relatedItems(collection, slug, now),
      updated: summary.date.slice(0, 10),
    },
    alternates: alternatesOf(route),
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
