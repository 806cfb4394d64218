import { useMemo } from 'react';
import { pagesCollection, type FoundItem } from '../../api';
import { useT } from '../../shell/lang';
import { useContentFind } from '../queries';

// The names the site's menus give its pages and groups, by key, in each language: the same
// words a link to a page shows on the site. Only the `nav` part of each catalogue is bundled.
const files = import.meta.glob<Record<string, string>>('../../../locales/*/common.json', {
  eager: true,
  import: 'nav',
});
const navNames: Record<string, Record<string, string>> = {};
for (const [path, names] of Object.entries(files)) {
  navNames[/\/locales\/([^/]+)\/common\.json$/.exec(path)![1]!] = names;
}

/** A page of the site as a picker offers it. */
export type PickablePage = {
  route: string;
  /** Its name in the reader's language, as the site's links show it. */
  title: string;
  /** The sections and groups above it, named in the reader's language, outermost first. */
  trail: string[];
};

/** A page's or group's name in a language, from its key, else the English name given. */
export function navName(lang: string, key: string, fallback: string): string {
  return (key && (navNames[lang]?.[key] ?? navNames.en?.[key])) || fallback;
}

/** The pages the finder lists, named in a language, in the site's order. */
export function pickablePages(items: FoundItem[], lang: string): PickablePage[] {
  return items
    .filter((it) => it.collection === pagesCollection)
    .map((it) => ({
      route: it.slug,
      title: navName(lang, it.key, it.title || it.slug),
      trail: it.trail.map((name, i) => navName(lang, it.trailKeys[i] ?? '', name)),
    }));
}

/** Every page of the site a field may link to, named in the reader's language. */
export function usePickablePages() {
  const { lang } = useT();
  const found = useContentFind(`collection=${pagesCollection}`);
  const items = found.data?.items;
  const pages = useMemo(() => pickablePages(items ?? [], lang), [items, lang]);
  return { pages, loading: !items && !found.error, error: found.error };
}
