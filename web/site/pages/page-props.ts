import { isLocale, type Locale, type Resources } from '../../shared/i18n/locales';

export { isLocale, locales, type Locale, type Resources } from '../../shared/i18n/locales';

export type MenuItem = {
  name: string;
  translationKey: string;
  route?: string;
  children?: MenuItem[];
};

export type PageKind =
  | 'home'
  | 'about'
  | 'landing'
  | 'service'
  | 'standard'
  | 'resources'
  | 'careers'
  | 'contact'
  | 'forms'
  | 'legal'
  | 'login'
  | 'register'
  | 'forgot-password'
  | 'verify-code'
  | 'reset-password'
  | 'confirm-email'
  | 'account'
  | 'not-found'
  | 'article'
  | 'publication'
  | 'webinar'
  | 'vacancy';

export const collections = ['news', 'blogs', 'publications', 'webinars', 'vacancies'] as const;

export type Collection = (typeof collections)[number];

/** One entry of a collection as list pages show it. */
export type ItemSummary = {
  collection: string;
  slug: string;
  route: string;
  title: string;
  description: string;
  imageAlt: string;
  /** The id of the cover staff uploaded (the English one when a translation has none); absent: the drawn one. */
  cover?: string;
  /** News, blogs, publications: the date; webinars: the start; vacancies: the date posted. */
  date: string;
  author?: string;
  office?: string;
  employmentType?: string;
  upcoming?: boolean;
};

export type Breadcrumb = { translationKey: string; name: string; route?: string };

export type SocialNetwork = 'linkedin' | 'x' | 'youtube';

export type Office = {
  key: string;
  city: string;
  email: string;
  phone: string;
  /** A number the office answers on WhatsApp, written as a phone number; absent when it has none. */
  whatsapp?: string;
  address: string;
  /** The address as written in other languages; a language without one shows `address`. */
  addresses?: Partial<Record<Locale, string>>;
};

export type Site = {
  name: string;
  shortName: string;
  tagline: string;
  parent: { name: string; url: string };
  email: string;
  phone: string;
  chatUrl: string;
  social: { network: SocialNetwork; label: string; url: string }[];
  offices: Office[];
  captcha: CaptchaConfig;
};

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'hcaptcha';

/** The captcha forms show: the provider and, for a hosted one, its public site key ('' for altcha). */
export type CaptchaConfig = { provider: CaptchaProvider; siteKey: string };

export type User = {
  firstName: string;
  lastName: string;
  fullName: string;
  phoneNumber: string;
  profileImageUrl: string;
  email: string;
};

export type PageProps = {
  status: 200 | 404;
  locale: Locale;
  dir: 'ltr' | 'rtl';
  year: number;
  baseUrl: string;
  page: {
    route: string;
    path: string;
    kind: PageKind;
    translationKey: string;
    children: MenuItem[];
    breadcrumbs: Breadcrumb[];
    collection?: Collection;
    /** The page's or item's content, in `contentLocale`; null where a page has none. */
    content: Record<string, unknown> | null;
    items: ItemSummary[];
    /** On item pages: other items of the collection, shown after the text. */
    related?: ItemSummary[];
    contentLocale: Locale;
    /** On item pages: the id of the cover staff uploaded; absent: the drawn one. */
    cover?: string;
    /** ISO date the content last changed, '' if unknown. */
    updated: string;
    /** On list pages: which of the list's pages this is, from 1. */
    pagination?: { page: number; pages: number };
  };
  alternates: { hreflang: string; href: string }[];
  canonical: string;
  site: Site;
  nav: MenuItem[];
  footer: { translationKey: string; name: string; items: MenuItem[] }[];
  languages: { code: Locale; name: string }[];
};

/**
 * What the document embeds in #page-props for hydration. A page that hydrates whole gets its props
 * and its namespaces; a page of islands gets the data its islands share (islands/page-data.ts),
 * their strings, and each island's name and own props, in document order.
 */
export type PagePayload = {
  props: PageProps;
  resources: Resources;
  islands?: { name: string; props: Record<string, unknown> }[];
};

const pageKinds: readonly PageKind[] = [
  'home',
  'about',
  'landing',
  'service',
  'standard',
  'resources',
  'careers',
  'contact',
  'forms',
  'legal',
  'login',
  'register',
  'forgot-password',
  'verify-code',
  'reset-password',
  'confirm-email',
  'account',
  'not-found',
  'article',
  'publication',
  'webinar',
  'vacancy',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks the shape a render depends on. Returns what is wrong, or null when the props can be
 * rendered.
 */
export function checkPageProps(value: unknown): string | null {
  if (!isObject(value)) return 'props must be a JSON object';
  if (value.status !== 200 && value.status !== 404) return 'status must be 200 or 404';
  if (!isLocale(value.locale)) return 'locale must be one of en, nl, fr, ar';
  if (value.dir !== 'ltr' && value.dir !== 'rtl') return 'dir must be ltr or rtl';
  if (!Number.isInteger(value.year)) return 'year must be an integer';
  if (typeof value.baseUrl !== 'string') return 'baseUrl must be a string';
  if (typeof value.canonical !== 'string') return 'canonical must be a string';
  const page = value.page;
  if (!isObject(page)) return 'page must be an object';
  if (typeof page.route !== 'string' || typeof page.path !== 'string')
    return 'page.route and page.path must be strings';
  if (!pageKinds.includes(page.kind as PageKind)) return 'page.kind is not a known kind';
  if (typeof page.translationKey !== 'string') return 'page.translationKey must be a string';
  if (!Array.isArray(page.children) || !Array.isArray(page.breadcrumbs))
    return 'page.children and page.breadcrumbs must be arrays';
  if (page.content !== undefined && page.content !== null && !isObject(page.content))
    return 'page.content must be null or an object';
  if (page.items !== undefined && !Array.isArray(page.items)) return 'page.items must be an array';
  if (page.related !== undefined && !Array.isArray(page.related))
    return 'page.related must be an array';
  if (page.contentLocale !== undefined && !isLocale(page.contentLocale))
    return 'page.contentLocale must be one of en, nl, fr, ar';
  const site = value.site;
  if (!isObject(site)) return 'site must be an object';
  if (typeof site.name !== 'string' || typeof site.email !== 'string')
    return 'site.name and site.email must be strings';
  if (!isObject(site.parent)) return 'site.parent must be an object';
  if (!Array.isArray(site.social) || !Array.isArray(site.offices))
    return 'site.social and site.offices must be arrays';
  for (const key of ['alternates', 'nav', 'footer', 'languages'] as const) {
    if (!Array.isArray(value[key])) return `${key} must be an array`;
  }
  return null;
}
