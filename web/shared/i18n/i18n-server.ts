import { createInstance } from 'i18next';
import { defaultNamespace, type TFunction, type Translator } from './i18n';
import type { Locale, Resources } from './locales';

/**
 * The translations of a page as the server renders it, through i18next. The browser hydrates the
 * same markup with the small translator of ./i18n over the same resources; a test holds the two
 * to the same output for every string of every language.
 */
export function createServerI18n(locale: Locale, resources: Resources): Translator {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: defaultNamespace,
    initAsync: false,
    returnNull: false,
    returnObjects: false,
    interpolation: { escapeValue: false, skipOnVariables: true },
    // A string that is not translated is a visible fault, not a console message per render.
    saveMissing: false,
    debug: false,
  });
  const fixed = (namespace: string): TFunction => {
    const t = instance.getFixedT(locale, namespace);
    return (key, options) => String(t(key, options ?? {}));
  };
  return { language: locale, t: fixed(defaultNamespace), getFixedT: fixed };
}
