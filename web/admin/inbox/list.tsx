import { useEffect, useState } from 'react';
import type { InboxItem, Session } from '../api';
import { refusedErrors } from '../query-result';
import { useStepUp } from '../account/step-up';
import { NoticeBox, Pager, type Notice } from '../ui';
import { useT } from '../shell/lang';
import { useSearch } from '../shell/navigation';
import { useInboxCount } from './count';
import { ChooseAll } from '../shell/selection-bar';
import { InboxBulkBar } from './bulk-bar';
import { FilterForm } from './filter-form';
import { filtersOf, listAddress, queryOf } from './filters';
import { Row } from './parts';
import { useInboxPage } from './queries';

// The list's address last shown, for the way back from a submission.
let lastList = '/admin/inbox';

/** The address of the inbox list the staff member last saw. */
export const lastListAddress = () => lastList;

/** Every form the staff member's role covers, newest first, filtered by the address. */
export function Inbox({
  session,
  onSession,
}: {
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t } = useT();
  const search = useSearch();
  const { filters: shown, page } = filtersOf(search);
  const query = queryOf(shown, page);
  useEffect(() => {
    lastList = listAddress(query);
  }, [query]);
  const [notice, setNotice] = useState<Notice>(null);
  const { run, panel } = useStepUp(session, onSession);
  // A newer submission (the poll's latest id) loads the page shown again.
  const latest = useInboxCount()?.latest ?? 0;
  const inbox = useInboxPage(query, latest);
  const data = inbox.data ?? null;
  const errors = refusedErrors(inbox.error);
  const loadFailed: Notice = inbox.error
    ? { tone: 'error', text: inbox.error.message || t('common.unreachable') }
    : null;

  const [chosen, setChosen] = useState<Map<number, InboxItem>>(new Map());
  const choose = (item: InboxItem, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(item.id, item);
    else next.delete(item.id);
    setChosen(next);
  };
  const shownItems = data?.items ?? [];
  const allChosen = shownItems.length > 0 && shownItems.every((it) => chosen.has(it.id));

  const staffName = (id: string) => data?.staff.find((p) => p.id === id)?.name ?? t('inbox.nobody');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageLink = (n: number) => listAddress(queryOf(shown, n));

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('inbox.title')}</h1>
        {data && (
          <p className="text-ink-muted" role="status" data-total={data.total}>
            {t('inbox.total', { count: data.total })}
          </p>
        )}
      </div>
      <NoticeBox notice={loadFailed ?? notice} />
      {panel}
      <FilterForm search={search} data={data} errors={errors} run={run} onNotice={setNotice} />
      {data && (
        <InboxBulkBar
          chosen={[...chosen.values()]}
          data={data}
          onDone={() => setChosen(new Map())}
          run={run}
        />
      )}
      {data && data.items.length === 0 && <p>{t('inbox.noSubmissions')}</p>}
      {data && data.items.length > 0 && (
        <>
          <ChooseAll
            className="mb-2"
            all={allChosen}
            onChange={(on) =>
              setChosen(on ? new Map(shownItems.map((it) => [it.id, it])) : new Map())
            }
          />
          <ol className="grid gap-3" aria-label={t('inbox.title')}>
            {data.items.map((item) => (
              <Row
                key={item.id}
                item={item}
                staffName={staffName}
                chosen={chosen.has(item.id)}
                onChoose={(on) => choose(item, on)}
              />
            ))}
          </ol>
        </>
      )}
      {data && <Pager label={t('inbox.pages')} page={page} pages={pages} pageLink={pageLink} />}
    </div>
  );
}
