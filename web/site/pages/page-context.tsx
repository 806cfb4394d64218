import { createContext, useContext } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { localizePath } from '../i18n/locale-paths';
import { isRightToLeft } from '../../shared/i18n/language';
import type { MenuItem, PageProps } from './page-props';

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

/**
 * The translated name of a page or menu entry, falling back to the name Go sent. An entry without
 * a translation key (a collection item) is named by its `name`.
 */
export function useNavLabel(): (item: { translationKey: string; name: string }) => string {
  const { t } = useTranslation();
  return (item) =>
    item.translationKey ? t(`nav.${item.translationKey}`, { defaultValue: item.name }) : item.name;
}

/** The heading of the current page: its translated name, else the name of its last breadcrumb. */
export function usePageTitle(): string {
  const { page } = usePage();
  const label = useNavLabel();
  const fallback = page.breadcrumbs[page.breadcrumbs.length - 1]?.name ?? page.translationKey;
  return label({ translationKey: page.translationKey, name: fallback });
}

/** The menu entry of a locale-free route, searched in the page's children, menu and footer. */
export function findMenuItem(props: PageProps, route: string): MenuItem | undefined {
  const search = (items: MenuItem[]): MenuItem | undefined => {
    for (const item of items) {
      if (item.route === route && item.translationKey !== 'overview') return item;
      const below = search(item.children ?? []);
      if (below) return below;
    }
    return undefined;
  };
  return (
    search(props.page.children) ??
    search(props.nav) ??
    search(props.footer.flatMap((group) => group.items))
  );
}

/** Names a locale-free route with its page's translated name; undefined for an unknown route. */
export function useRouteLabel(): (route: string) => string | undefined {
  const props = usePage();
  const label = useNavLabel();
  return (route) => {
    const item = findMenuItem(props, route);
    return item && label(item);
  };
}

/**
 * Attributes for elements that show content text: when the content fell back to another
 * language than the page's, it is marked as such so it reads in its own direction and voice.
 */
export function useContentLang(): { lang?: string; dir?: 'ltr' | 'rtl' } {
  const { locale, page } = usePage();
  const contentLocale = page.contentLocale ?? locale;
  if (contentLocale === locale) return {};
  return { lang: contentLocale, dir: isRightToLeft(contentLocale) ? 'rtl' : 'ltr' };
}
