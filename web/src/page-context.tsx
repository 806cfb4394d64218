import { createContext, useContext } from 'react';
import { useTranslation } from './translation';
import { localizePath } from './locale-paths';
import type { PageProps } from './page-props';

export const PageContext = createContext<PageProps | null>(null);

/** The props of the page being rendered. */
export function usePage(): PageProps {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage must be used inside <PageContext>');
  return page;
}

/** Turns a locale-free route into this page's locale. */
export function useLocalizedPath(): (route: string) => string {
  const { locale } = usePage();
  return (route) => localizePath(route, locale);
}

/** The translated name of a page or menu entry, falling back to the name Go sent. */
export function useNavLabel(): (item: { translationKey: string; name: string }) => string {
  const { t } = useTranslation();
  return (item) => t(`nav.${item.translationKey}`, { defaultValue: item.name });
}

/** The heading of the current page: its translated name, else the name of its last breadcrumb. */
export function usePageTitle(): string {
  const { page } = usePage();
  const label = useNavLabel();
  const fallback = page.breadcrumbs[page.breadcrumbs.length - 1]?.name ?? page.translationKey;
  return label({ translationKey: page.translationKey, name: fallback });
}
