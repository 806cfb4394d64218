import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import ar from '../locales/ar/common.json';
import en from '../locales/en/common.json';
import fr from '../locales/fr/common.json';
import nl from '../locales/nl/common.json';
import { App } from './app';
import { escapeHtml, jsonForScript } from './html';
import { createI18n } from './i18n';
import { pageForKind } from './pages/page-for-kind';
import { pageModulePath } from './pages/page-modules';
import type { Locale, PageKind, PagePayload, PageProps, Resources } from './page-props';
import { themeScript } from './theme-script';

export { checkPageProps } from './page-props';
export { themeScript };

/** Files of the client build that the document links, as absolute URL paths. */
export type Assets = { entry: string; css: string[]; preload: string[] };

/** CSP sources (`sha256-…`) of every inline script the document contains. */
export const scriptHashes: string[] = [
  `sha256-${createHash('sha256').update(themeScript, 'utf8').digest('base64')}`,
];

const common: Record<Locale, Record<string, unknown>> = { en, nl, fr, ar };

/** The namespaces a page needs in its language; the browser receives exactly these. */
export function resourcesFor(locale: Locale): Resources {
  return { common: common[locale] };
}

/** The page module's key in the client build manifest, whose chunk the document preloads. */
export function pageManifestKey(kind: PageKind): string {
  return `src/${pageModulePath(kind).slice(2)}`;
}

/** Renders the whole HTML document for one page. */
export function render(props: PageProps, assets: Assets): string {
  const resources = resourcesFor(props.locale);
  const i18n = createI18n(props.locale, resources);
  const t = i18n.t.bind(i18n);
  const appHtml = renderToString(
    <App props={props} i18n={i18n} Page={pageForKind(props.page.kind)} />,
  );

  const { page, site } = props;
  const lastCrumb = page.breadcrumbs[page.breadcrumbs.length - 1];
  const heading = t(`nav.${page.translationKey}`, {
    defaultValue: lastCrumb?.name ?? page.translationKey,
  });
  const title =
    page.kind === 'home' ? `${site.name} | ${site.tagline}` : `${heading} | ${site.name}`;
  const description =
    page.kind === 'home'
      ? t('meta.home', { name: site.name })
      : page.kind === 'not-found'
        ? t('meta.notFound', { name: site.name })
        : page.kind === 'login'
          ? t('meta.login', { name: site.name })
          : t('meta.page', { page: heading, name: site.name });

  const payload: PagePayload = { props, resources };
  const attr = escapeHtml;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(description)}">`,
    props.status === 404 ? '<meta name="robots" content="noindex">' : '',
    props.canonical ? `<link rel="canonical" href="${attr(props.canonical)}">` : '',
    ...props.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${attr(alternate.hreflang)}" href="${attr(alternate.href)}">`,
    ),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${attr(site.name)}">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:description" content="${attr(description)}">`,
    props.canonical ? `<meta property="og:url" content="${attr(props.canonical)}">` : '',
    `<script>${themeScript}</script>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.css.map((href) => `<link rel="stylesheet" href="${attr(href)}">`),
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${attr(href)}">`),
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
