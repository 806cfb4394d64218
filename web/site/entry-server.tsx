import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
// The typeface's files that styles.css declares, cut to the site's characters by
// ssr/subset-fonts.mjs. A page preloads those of its language's script
// in both weights, so they are there by the first paint (a face that is late is not used, so text
// never moves); Arabic pages also preload both Latin weights, for digits, Latin names and the
// wordmark, which every page shows.
import arabicRegular from '../fonts/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import arabicSemibold from '../fonts/ibm-plex-sans-arabic-arabic-600-normal.woff2?url';
import latinRegular from '../fonts/ibm-plex-sans-arabic-latin-400-normal.woff2?url';
import latinSemibold from '../fonts/ibm-plex-sans-arabic-latin-600-normal.woff2?url';
import arAuth from '../locales/ar/auth.json';
import arCommon from '../locales/ar/common.json';
import arForms from '../locales/ar/forms.json';
import arPages from '../locales/ar/pages.json';
import arResources from '../locales/ar/resources.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enForms from '../locales/en/forms.json';
import enPages from '../locales/en/pages.json';
import enResources from '../locales/en/resources.json';
import frAuth from '../locales/fr/auth.json';
import frCommon from '../locales/fr/common.json';
import frForms from '../locales/fr/forms.json';
import frPages from '../locales/fr/pages.json';
import frResources from '../locales/fr/resources.json';
import nlAuth from '../locales/nl/auth.json';
import nlCommon from '../locales/nl/common.json';
import nlForms from '../locales/nl/forms.json';
import nlPages from '../locales/nl/pages.json';
import nlResources from '../locales/nl/resources.json';
import { App } from './app';
import { uploadedCoverPath, uploadedPreview } from '../shared/ui/cover-image';
import { escapeHtml, jsonForScript } from './seo/html';
import { createI18n } from '../shared/i18n/i18n';
import { namespacesFor } from './i18n/namespaces';
import { createServerI18n } from '../shared/i18n/i18n-server';
import { pageForKind } from './pages/page-for-kind';
import { pageModulePath } from './pages/page-modules';
import type { Locale, PageKind, PagePayload, PageProps, Resources } from './pages/page-props';
import { pageMeta, searchListing, siteTagline, socialCover } from './seo/meta';
import { siteImages } from './seo/site-images';
import { structuredData } from './seo/structured-data';
import { firstPaintScript } from './session/first-paint';
import {
  IslandPlacerContext,
  IslandRoot,
  islandIdPrefix,
  islandSlots,
  type PlacedIsland,
} from './islands/island';
import { hydratesWhole, islandPageProps, pickStrings } from './islands/page-data';
import { islands } from './islands/registry';

export { checkPageProps } from './pages/page-props';
export { firstPaintScript };

/**
 * Files of the client build that the document links, as absolute URL paths; with `styles`, the
 * text of each of `css`, which the document then carries inline instead of linking it.
 */
export type Assets = { entry: string; css: string[]; preload: string[]; styles?: string[] };

/** CSP sources (`sha256-…`) of every inline script the document contains. */
export const scriptHashes: string[] = [
  `sha256-${createHash('sha256').update(firstPaintScript, 'utf8').digest('base64')}`,
];

const translations: Record<Locale, Resources> = {
  en: { common: enCommon, pages: enPages, resources: enResources, auth: enAuth, forms: enForms },
  nl: { common: nlCommon, pages: nlPages, resources: nlResources, auth: nlAuth, forms: nlForms },
  fr: { common: frCommon, pages: frPages, resources: frResources, auth: frAuth, forms: frForms },
  ar: { common: arCommon, pages: arPages, resources: arResources, auth: arAuth, forms: arForms },
};

/** The namespaces a kind of page needs in its language; the browser receives exactly these. */
export function resourcesFor(locale: Locale, kind: PageKind = 'home'): Resources {
  const all = translations[locale];
  return Object.fromEntries(namespacesFor(kind).map((namespace) => [namespace, all[namespace]!]));
}

/** Props as this renderer expects them, with the content fields a page without content omits. */
export function withContentDefaults(props: PageProps): PageProps {
  const { page } = props;
  return {
    ...props,
    page: {
      ...page,
      content: page.content ?? null,
      items: page.items ?? [],
      contentLocale: page.contentLocale ?? props.locale,
      updated: page.updated ?? '',
    },
  };
}

const ogLocales: Record<Locale, string> = { en: 'en_GB', nl: 'nl_NL', fr: 'fr_FR', ar: 'ar_AR' };

/** The account name of the firm on X, from its profile address, for Twitter card tags. */
function xHandle(props: PageProps): string | undefined {
  const profile = props.site.social.find((link) => link.network === 'x')?.url;
  const name = profile && /^https:\/\/(?:x|twitter)\.com\/([A-Za-z0-9_]+)\/?$/.exec(profile)?.[1];
  return name ? `@${name}` : undefined;
}

/** The page module's key in the client build manifest. */
export function pageManifestKey(kind: PageKind): string {
  return `site/${pageModulePath(kind).slice(2)}`;
}

/** Keys in the client build manifest of what a kind of page links: see ssr/manifest.mjs. */
export type ClientModules = {
  entry: string;
  preload: string[];
  css: string[];
  preloadEntry?: boolean;
};

/**
 * A page of islands runs only its islands (entry-islands.tsx); a page that hydrates whole runs its
 * page module too (entry-client.tsx). Neither preloads a script: nothing on the first screen waits
 * for one, so the first paint shares the network with none, and hydration, a transition, does not
 * hold the page up when it comes. Both take the site's stylesheets and the page module's.
 */
export function clientModules(kind: PageKind): ClientModules {
  const entry = hydratesWhole(kind) ? 'site/entry-client.tsx' : 'site/entry-islands.tsx';
  return {
    entry,
    preload: [],
    css: [...siteStylesheets, pageManifestKey(kind)],
    preloadEntry: false,
  };
}

/** The stylesheets every page has, inputs of the client build of their own (vite.config.ts). */
const siteStylesheets = ['site/styles.css', 'site/whole-markup.css'];

/**
 * The page's HTML with each island rendered on its own, as the browser will hydrate it: with the
 * shared page data and only the strings sent with it, which are those the islands looked up
 * here and those they declare for later (islands/registry.ts).
 */
function renderIslands(props: PageProps, i18n: ReturnType<typeof createServerI18n>) {
  const placed: PlacedIsland[] = [];
  const page = renderToString(
    <IslandPlacerContext value={(island) => placed.push(island) - 1}>
      <App props={props} i18n={i18n} Page={pageForKind(props.page.kind)} />
    </IslandPlacerContext>,
  );
  const shared = islandPageProps(props);
  const used = new Set<string>();
  const strings = createI18n(props.locale, translations[props.locale], (namespace, path) =>
    used.add(`${namespace}:${path}`),
  );
  const html = placed.map(({ name, component: Component, props: own }, index) => {
    for (const path of islands[name].strings) used.add(path);
    return renderToString(
      <IslandRoot page={shared} i18n={strings}>
        <Component {...own} />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(index) },
    );
  });
  const payload: PagePayload = {
    props: shared,
    resources: pickStrings(translations[props.locale], used),
    islands: placed.map(({ name, props: own }) => ({ name, props: own })),
  };
  return { html: page.replace(islandSlots, (_, index: string) => html[Number(index)]!), payload };
}

/** Renders the whole HTML document for one page. */
export function render(input: PageProps, assets: Assets): string {
  const props = withContentDefaults(input);
  const resources = resourcesFor(props.locale, props.page.kind);
  const i18n = createServerI18n(props.locale, resources);
  const { t } = i18n;
  const { html: appHtml, payload } = hydratesWhole(props.page.kind)
    ? {
        html: renderToString(<App props={props} i18n={i18n} Page={pageForKind(props.page.kind)} />),
        payload: { props, resources } satisfies PagePayload,
      }
    : renderIslands(props, i18n);

  const { site, baseUrl } = props;
  const { heading, title, description, noindex } = pageMeta(props, t);
  const label = (key: string, name: string) => t(`nav.${key}`, { defaultValue: name });
  // An item with an uploaded cover previews with it, described by the item's own words, unless
  // its search listing names another cover or the site's own picture.
  const listingImage = searchListing(props.page.content).image;
  const cover =
    listingImage === 'site' ? undefined : (socialCover(listingImage) ?? props.page.cover);
  const coverAlt = props.page.content?.imageAlt;
  const image = cover
    ? `${baseUrl}${uploadedCoverPath(cover, uploadedPreview.file)}`
    : `${baseUrl}${siteImages.social.path}`;
  const imageAlt =
    cover && typeof coverAlt === 'string' && coverAlt
      ? coverAlt
      : `${site.name}: ${siteTagline(site, t)}`;
  const handle = xHandle(props);
  const listing = searchListing(props.page.content);
  const jsonLd = structuredData(props, heading, label, {
    title: listing.title,
    description: listing.description,
    image: listingImage ? image : undefined,
  });

  const attr = escapeHtml;
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attr(content)}">`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    noindex ? '<meta name="robots" content="noindex">' : '',
    props.canonical ? `<link rel="canonical" href="${attr(props.canonical)}">` : '',
    ...props.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${attr(alternate.hreflang)}" href="${attr(alternate.href)}">`,
    ),
    meta('property', 'og:type', props.page.kind === 'article' ? 'article' : 'website'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    props.canonical ? meta('property', 'og:url', props.canonical) : '',
    meta('property', 'og:locale', ogLocales[props.locale]),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', cover ? 'image/jpeg' : 'image/png'),
    meta('property', 'og:image:width', String(siteImages.social.width)),
    meta('property', 'og:image:height', String(siteImages.social.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    handle ? meta('name', 'twitter:site', handle) : '',
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    `<script>${firstPaintScript}</script>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    (props.locale === 'ar'
      ? [arabicRegular, arabicSemibold, latinRegular, latinSemibold]
      : [latinRegular, latinSemibold]
    )
      .map(
        (href) =>
          `<link rel="preload" href="${attr(href)}" as="font" type="font/woff2" crossorigin>`,
      )
      .join(''),
    ...(assets.styles
      ? assets.styles.map((text) => `<style>${text}</style>`)
      : assets.css.map((href) => `<link rel="stylesheet" href="${attr(href)}">`)),
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${attr(href)}">`),
    ...jsonLd.map((block) => `<script type="application/ld+json">${jsonForScript(block)}</script>`),
  ].filter(Boolean);

  return [
    '<!doctype html>',
    `<html lang="${attr(props.locale)}" dir="${attr(props.dir)}">`,
    `<head>${head.join('')}</head>`,
    '<body>',
    `<div id="root">${appHtml}</div>`,
    `<script type="application/json" id="page-props">${jsonForScript(payload)}</script>`,
    `<script type="module" src="${attr(assets.entry)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
