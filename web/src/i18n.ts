import { createInstance, type i18n } from 'i18next';
import type { Locale, Resources } from './page-props';

export const defaultNamespace = 'common';

/**
 * A fresh i18next instance holding only the given locale's namespaces. One per render on the
 * server, so concurrent renders in different languages never share state.
 */
export function createI18n(locale: Locale, resources: Resources): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: defaultNamespace,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
