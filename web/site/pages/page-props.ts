import type { PageKind, PageProps, SocialLink } from '../../shared/api/types.gen';
import { isLocale, type Resources } from '../../shared/i18n/locales';

export { isLocale, locales, type Locale, type Resources } from '../../shared/i18n/locales';

/** The props the server sends the renderer, generated from the Go types that encode them. */
export type {
  Breadcrumb,
  CaptchaConfig,
  CaptchaProvider,
  Credential,
  ItemSummary,
  MenuItem,
  Office,
  PageDetails,
  PageKind,
  PageMedia,
  PageMediaFile,
  PageProps,
  Site,
  User,
} from '../../shared/api/types.gen';

export const collections = [
  'news',
  'blogs',
  'publications',
  'webinars',
  'vacancies',
  'accreditations',
  'case-studies',
] as const;

export type Collection = (typeof collections)[number];

/** The social networks the site links to. */
export type SocialNetwork = SocialLink['network'];

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
  'people',
  'person',
  'search',
  'accreditations',
  'accreditation',
  'case-study',
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
