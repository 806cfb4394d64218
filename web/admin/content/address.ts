import { pagesCollection } from '../api';

/** What a content address shows: the list, a new item's form, or one item's editor. */
export type ContentAddress =
  | { screen: 'list' }
  | { screen: 'new'; collection: string }
  | { screen: 'item'; collection: string; slug: string };

/**
 * Reads a content address: the list at /admin/content, an item at
 * /admin/content/{collection}/{slug}, a page at /admin/content/pages/page?route={route}, a new
 * item at /admin/content/new?collection={collection}.
 */
export function contentAddress(path: string, search: string): ContentAddress {
  const query = new URLSearchParams(search);
  if (path === '/admin/content/new') {
    return { screen: 'new', collection: query.get('collection') || 'news' };
  }
  const [collection = '', segment = ''] = path.slice('/admin/content/'.length).split('/');
  // A page's route holds slashes, so it travels in the query: /admin/content/pages/page?route=/about-us.
  const slug =
    collection === pagesCollection && segment === 'page' ? (query.get('route') ?? '') : segment;
  if (path === '/admin/content' || !collection || !slug) return { screen: 'list' };
  return { screen: 'item', collection, slug };
}
