import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { TFunction, Translator } from './i18n';

type Translation = { t: TFunction; i18n: Translator };

const TranslationContext = createContext<Translation | null>(null);

/**
 * Makes a page's translations available to its components. The page never changes language in
 * place (a switch reloads it), so the binding needs no subscriptions.
 */
export function TranslationProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  const value = useMemo(() => ({ t: i18n.t, i18n }), [i18n]);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

/**
 * The translate function of the page being rendered; with a namespace, keys are looked up there
 * instead of in `common`.
 */
export function useTranslation(namespace?: string): Translation {
  const value = useContext(TranslationContext);
  const scoped = useMemo(
    () => (value && namespace ? { t: value.i18n.getFixedT(namespace), i18n: value.i18n } : value),
    [value, namespace],
  );
  if (!scoped) throw new Error('useTranslation must be used inside <TranslationProvider>');
  return scoped;
}
