import type { PageKind, PageProps, Resources } from '../pages/page-props';

/**
 * Pages that hydrate whole: those made of forms (sign-in and account pages, the contact form,
 * and the items whose page ends in a registration or application form), where the form is most
 * of what the page is and the rest is small. Every other page hydrates island by island, the
 * request forms (/forms) too: their code waits for the visitor to come to them.
 */
const wholePages: ReadonlySet<PageKind> = new Set<PageKind>([
  'contact',
  'login',
  'register',
  'forgot-password',
  'verify-code',
  'reset-password',
  'confirm-email',
  'account',
  'publication',
  'webinar',
  'vacancy',
]);

/** Whether a kind of page hydrates whole rather than island by island. */
export function hydratesWhole(kind: PageKind): boolean {
  return wholePages.has(kind);
}

/**
 * The page data every island of a page shares, sent to the browser once: the page's frame (its
 * language, address, menus, the firm's contacts) without what only the server's HTML shows (the
 * content, lists of items, the footer, the offices). An island needing some of that gets it in
 * its own props.
 */
export function islandPageProps(props: PageProps): PageProps {
  const {
    content: _content,
    items: _items,
    related: _related,
    credentials: _credentials,
    stories: _stories,
    ...page
  } = props.page;
  return {
    ...props,
    page: { ...page, content: null, items: [] },
    footer: [],
    site: { ...props.site, offices: [] },
  };
}

/**
 * The strings at `paths` (`namespace:a.b`, a string or a whole section), in the nested shape of
 * `resources`; paths that name nothing are left out.
 */
export function pickStrings(resources: Resources, paths: Iterable<string>): Resources {
  const picked: Resources = {};
  for (const path of paths) {
    const separator = path.indexOf(':');
    const namespace = path.slice(0, separator);
    const keys = path.slice(separator + 1).split('.');
    let source: unknown = resources[namespace];
    for (const key of keys) {
      source =
        typeof source === 'object' && source !== null
          ? (source as Record<string, unknown>)[key]
          : undefined;
    }
    if (source === undefined) continue;
    let target: Record<string, unknown> = (picked[namespace] ??= {});
    for (const key of keys.slice(0, -1)) {
      // A copy: the section may be the resources' own object, which must stay as it is.
      const next = target[key];
      const copy = typeof next === 'object' && next !== null ? { ...next } : {};
      target[key] = copy;
      target = copy;
    }
    target[keys[keys.length - 1]!] = source;
  }
  return picked;
}
