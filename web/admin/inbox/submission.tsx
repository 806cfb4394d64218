import { useState } from 'react';
import type { Session } from '../api';
import { useStepUp } from '../account/step-up';
import { NoticeBox, type Notice } from '../ui';
import { useLabels } from '../shell/lang';
import { Link } from '../shell/navigation';
import { FollowUp } from './follow-up';
import { lastListAddress } from './list';
import { Sender, StatusBadge } from './parts';
import { useSubmission } from './queries';
import { SentCard } from './sent';
import { SourceCard } from './source';

/** One submission, read-only, with its follow-up: status, assignee, internal notes and replies. */
export function InboxSubmission({
  id,
  session,
  onSession,
}: {
  id: string;
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t, label } = useLabels();
  const submission = useSubmission(id);
  const [notice, setNotice] = useState<Notice>(null);
  const { run, panel } = useStepUp(session, onSession);
  const detail = submission.data;
  const back = (
    <p className="mb-4">
      <Link to={lastListAddress()} className="underline underline-offset-4">
        {t('inbox.backToInbox')}
      </Link>
    </p>
  );

  if (!detail && submission.error) {
    return (
      <div>
        {back}
        <NoticeBox
          notice={{ tone: 'error', text: submission.error.message || t('common.unreachable') }}
        />
      </div>
    );
  }
  if (!detail) return <p role="status">{t('common.loading')}</p>;
  const { item } = detail;

  return (
    <div>
      {back}
      <div className="mb-6">
        <h1 className="text-2xl font-semibold break-words">
          <Sender item={item} />
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-ink-muted">
          <StatusBadge status={item.status} />
          <span>{label('inbox.kinds', item.kind)}</span>
        </p>
      </div>
      <NoticeBox notice={notice} />
      {panel}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <SentCard detail={detail} run={run} onNotice={setNotice} />
          <SourceCard source={detail.source} />
        </div>
        <FollowUp detail={detail} onNotice={setNotice} />
      </div>
    </div>
  );
}
