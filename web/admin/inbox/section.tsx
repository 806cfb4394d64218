import type { Session } from '../api';
import { Card, useT } from '../ui';
import { mayUseInbox } from './count';
import { Inbox } from './list';
import { InboxSubmission } from './submission';

/** The inbox's addresses: the list at /admin/inbox, a submission at /admin/inbox/{id}. */
export function InboxSection({
  path,
  session,
  onSession,
}: {
  path: string;
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t } = useT();
  if (!mayUseInbox(session)) {
    return (
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('app.forbiddenTitle')}</h1>
        <p>{t('app.forbiddenBody')}</p>
      </Card>
    );
  }
  if (path === '/admin/inbox') return <Inbox session={session} onSession={onSession} />;
  const id = path.slice('/admin/inbox/'.length);
  return <InboxSubmission key={id} id={id} session={session} onSession={onSession} />;
}
