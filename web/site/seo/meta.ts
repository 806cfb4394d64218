import type { TFunction } from '../../shared/i18n/i18n';
import type { PageKind, PageProps } from '../pages/page-props';

/** Kinds whose page is one item of a collection, titled by the item itself. */
export const itemKinds: readonly PageKind[] = [
  'article',
  'publication',
  'webinar',
  'vacancy',
  'accreditation',
  'case-study',
  'person',
];

export type PageMeta = {
  /** The page's heading: its translated menu name, or an item's title. */
  heading: string;
  title: string;
  description: string;
  /** Pages search engines should leave out of their index. */
  noindex: boolean;
};

/** A page's or item's own search listing (`seo` in its content), as staff set it. */
export type SearchListing = {
  title?: string;
  description?: string;
  noindex?: boolean;
  /** `site` for the site's picture, `cover:` and an uploaded cover's id; none for the default. */
  image?: string;
};

/** The search listing a page's content carries, or an empty one. */
export function searchListing(content: Record<string, unknown> | null | undefined): SearchListing {
  const seo = content?.seo;
  return seo && typeof seo === 'object' ? (seo as SearchListing) : {};
}

/** The uploaded cover a social image reference names, or undefined. */
export function socialCover(ref: string | undefined): string | undefined {
  const match = /^cover:([0-9a-f]{32})$/.exec(ref ?? '');
  return match?.[1];
}

/** The longest description search results show in full, give or take a word. */
export const descriptionLength = 160;

/** Shortens text to at most `max` characters at a word boundary, marking the cut with "…". */
export function trimDescription(text: string, max = descriptionLength): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const words = space > max / 2 ? cut.slice(0, space) : cut;
  return `${words.replace(/[\s,;:.–—-]+$/, '')}…`;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Title, description and indexing of a page. Content pages use their own meta title and
 * description; items are titled by the item; pages without content get the generic wording.
 */
/** Pages of a visitor's account other than login: their description names the account. */
const accountKinds: PageKind[] = [
  'register',
  'forgot-password',
  'verify-code',
  'reset-password',
  'confirm-email',
  'account',
];

/** The firm's tagline in the page's language; the stored one where no translation has it. */
export function siteTagline(site: PageProps['site'], t: TFunction): string {
  return t('meta.tagline', { defaultValue: site.tagline });
}

export function pageMeta(props: PageProps, t: TFunction): PageMeta {
  const { page, site } = props;
  const content = page.content ?? {};
  const lastCrumb = page.breadcrumbs[page.breadcrumbs.length - 1];
  const navHeading = page.translationKey
    ? t(`nav.${page.translationKey}`, { defaultValue: lastCrumb?.name ?? page.translationKey })
    : (lastCrumb?.name ?? '');
  const item = itemKinds.includes(page.kind);
  const heading = item ? (text(content.title) ?? navHeading) : navHeading;
  const listing = searchListing(content);
  const noindex =
    listing.noindex === true ||
    props.status === 404 ||
    page.kind === 'not-found' ||
    page.kind === 'login' ||
    page.kind === 'account' ||
    page.kind === 'search' ||
    page.route === '/account' ||
    page.route === '/auth' ||
    page.route.startsWith('/auth/');

  if (page.kind === 'home') {
    return {
      heading,
      title: `${site.name} | ${siteTagline(site, t)}`,
      description: t('meta.home', { name: site.name }),
      noindex,
    };
  }

  const paged = page.pagination && page.pagination.page > 1 ? page.pagination : null;
  const base =
    text(listing.title) ?? ((!item && text(content.metaTitle)) || `${heading} | ${site.name}`);
  // Later pages of a list are titled apart, so no two pages share a title.
  const title = paged ? `${t('pagination.pageOf', paged)} · ${base}` : base;
  const written =
    text(listing.description) ??
    (item
      ? (text(content.description) ?? text(content.summary))
      : (text(content.metaDescription) ?? text(content.summary) ?? text(content.description)));
  const generic =
    page.kind === 'not-found'
      ? t('meta.notFound', { name: site.name })
      : page.kind === 'login'
        ? t('meta.login', { name: site.name })
        : accountKinds.includes(page.kind)
          ? t('meta.account', { page: heading, name: site.name })
          : t('meta.page', { page: heading, name: site.name });
  return {
    heading,
    title,
    description: written ? trimDescription(written) : generic,
    noindex,
  };
}
