import type { ComponentType } from 'react';
import type { PageKind } from '../page-props';
import { ContactPage } from './contact-page';
import { HomePage } from './home-page';
import { LoginPage } from './login-page';
import { NotFoundPage } from './not-found-page';
import { SectionPage } from './section-page';

/** Which component frames each kind of page. */
export const pageForKind: Record<PageKind, ComponentType> = {
  home: HomePage,
  about: SectionPage,
  landing: SectionPage,
  service: SectionPage,
  standard: SectionPage,
  resources: SectionPage,
  careers: SectionPage,
  contact: ContactPage,
  forms: SectionPage,
  legal: SectionPage,
  login: LoginPage,
  'not-found': NotFoundPage,
};
