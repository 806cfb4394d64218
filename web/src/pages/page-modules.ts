import type { PageKind } from '../page-props';

/**
 * The module under pages/ that frames each kind of page. The browser loads only its page's
 * module, so one page's code never weighs on another's.
 */
export const pageModuleFor: Record<PageKind, string> = {
  home: 'home-page',
  about: 'section-page',
  landing: 'section-page',
  service: 'section-page',
  standard: 'section-page',
  resources: 'section-page',
  careers: 'section-page',
  contact: 'contact-page',
  forms: 'section-page',
  legal: 'section-page',
  login: 'login-page',
  'not-found': 'not-found-page',
};

/** The module's key in import.meta.glob('./pages/*-page.tsx') from src/. */
export function pageModulePath(kind: PageKind): string {
  return `./pages/${pageModuleFor[kind] ?? pageModuleFor['not-found']}.tsx`;
}
