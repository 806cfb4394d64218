import type { Session } from '../api';
import { useSearch } from '../shell/navigation';
import { contentAddress } from './address';
import { ContentEditor } from './editor';
import { NewItem } from './items';
import { ContentListView } from './list';
import { NewPage } from './new-page';
import { pagesCollection } from '../api';

/** Whether the staff member may read content. */
export function mayReadContent(session: Session | null | undefined): boolean {
  return Boolean(session?.permissions.includes('content.read'));
}

/** A new item's form, at /admin/content/new?collection={collection}. */
export function NewContentItem({ session }: { session: Session }) {
  const address = contentAddress('/admin/content/new', useSearch());
  if (address.screen === 'new' && address.collection === pagesCollection) {
    return <NewPage session={session} />;
  }
  return (
    <NewItem
      collection={address.screen === 'new' ? address.collection : 'news'}
      session={session}
    />
  );
}

/**
 * One item's editor, at /admin/content/{collection}/{slug}, or a page's at
 * /admin/content/pages/page?route={route}; the list when the address names no item.
 */
export function ContentItem({ path, session }: { path: string; session: Session }) {
  const address = contentAddress(path, useSearch());
  if (address.screen !== 'item') return <ContentListView session={session} />;
  const { collection, slug } = address;
  return (
    <ContentEditor
      key={`${collection}/${slug}`}
      collection={collection}
      slug={slug}
      session={session}
    />
  );
}
