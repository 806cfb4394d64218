import type { PageKind } from './page-props';

/**
 * The module under pages/ that frames each kind of page. The browser loads only its page's
 * module, so one page's code never weighs on another's.
 */
export const pageModuleFor: Record<PageKind, string> = {
  home: 'home-page',
  about: 'sections-page',
  landing: 'landing-page',
  service: 'service-page',
  standard: 'service-page',
  resources: 'list-page',
  careers: 'list-page',
  contact: 'contact-page',
  forms: 'forms-page',
  legal: 'sections-page',
  login: 'auth-page',
  register: 'auth-page',
  'forgot-password': 'auth-page',
  'verify-code': 'auth-page',
  'reset-password': 'auth-page',
  'confirm-email': 'auth-page',
  account: 'account-page',
  'not-found': 'not-found-page',
  article: 'article-page',
  publication: 'publication-page',
  webinar: 'webinar-page',
  vacancy: 'vacancy-page',
  people: 'people-page',
  person: 'person-page',
  search: 'search-page',
  accreditations: 'accreditations-page',
  accreditation: 'accreditation-page',
  'case-study': 'case-study-page',
  information: 'information-page',
};

/** The module's key in import.meta.glob('./pages/*-page.tsx') from site/. */
export function pageModulePath(kind: PageKind): string {
  return `./pages/${pageModuleFor[kind] ?? pageModuleFor['not-found']}.tsx`;
}
