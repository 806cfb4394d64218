import {
  authNamespace,
  defaultNamespace,
  formsNamespace,
  pagesNamespace,
  resourcesNamespace,
} from '../../shared/i18n/i18n';
import type { PageKind } from '../pages/page-props';

const namespacesByKind: Partial<Record<PageKind, string[]>> = {
  about: [pagesNamespace],
  landing: [pagesNamespace],
  service: [pagesNamespace],
  standard: [pagesNamespace],
  contact: [pagesNamespace, formsNamespace],
  forms: [pagesNamespace, formsNamespace],
  legal: [pagesNamespace],
  resources: [resourcesNamespace],
  careers: [resourcesNamespace],
  article: [resourcesNamespace],
  publication: [resourcesNamespace, formsNamespace],
  webinar: [resourcesNamespace, formsNamespace],
  vacancy: [resourcesNamespace, formsNamespace],
  accreditations: [resourcesNamespace],
  accreditation: [resourcesNamespace],
  'case-study': [resourcesNamespace],
  people: [resourcesNamespace],
  person: [resourcesNamespace],
  login: [authNamespace, formsNamespace],
  register: [authNamespace, formsNamespace],
  'forgot-password': [authNamespace, formsNamespace],
  'verify-code': [authNamespace, formsNamespace],
  'reset-password': [authNamespace, formsNamespace],
  'confirm-email': [authNamespace, formsNamespace],
  account: [authNamespace, formsNamespace],
};

/** The translation namespaces a kind of page uses; the browser receives only these. */
export function namespacesFor(kind: PageKind): string[] {
  return [defaultNamespace, ...(namespacesByKind[kind] ?? [])];
}
