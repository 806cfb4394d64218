import type { Session } from '../api';
import { Card, useSearch, useT } from '../ui';
import { contentAddress } from './address';
import { ContentEditor } from './editor';
import { NewItem } from './items';
import { ContentListView } from './list';

/** Whether the staff member may read content. */
export function mayReadContent(session: Session | null | undefined): boolean {
  return Boolean(session?.permissions.includes('content.read'));
}

/** The content's screens, by their address (see contentAddress). */
export function ContentSection({ path, session }: { path: string; session: Session }) {
  const { t } = useT();
  const search = useSearch();
  if (!mayReadContent(session)) {
    return (
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('app.forbiddenTitle')}</h1>
        <p>{t('app.forbiddenBody')}</p>
      </Card>
    );
  }
  const address = contentAddress(path, search);
  if (address.screen === 'new') {
    return <NewItem collection={address.collection} session={session} />;
  }
  if (address.screen === 'list') return <ContentListView session={session} />;
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
