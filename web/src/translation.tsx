import type { i18n, TFunction } from 'i18next';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

type Translation = { t: TFunction; i18n: i18n };

const TranslationContext = createContext<Translation | null>(null);

/**
 * Makes a page's i18next instance available to its components. A context of our own rather than
 * react-i18next: the page never changes language in place (a switch reloads it), so the binding
 * needs no subscriptions, and the browser is spared the extra bundle.
 */
export function TranslationProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  const value = useMemo(() => ({ t: i18n.t.bind(i18n) as TFunction, i18n }), [i18n]);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

/** The translate function of the page being rendered. */
export function useTranslation(): Translation {
  const value = useContext(TranslationContext);
  if (!value) throw new Error('useTranslation must be used inside <TranslationProvider>');
  return value;
}
