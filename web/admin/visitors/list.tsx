import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { adminApi, type VisitorItem, type VisitorPage } from '../api';
import { Card, Field, NoticeBox, Pager, buttonClass, inputClass, type Notice } from '../ui';
import { useLabels, useT } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';
import { ChooseAll, SelectionBar } from '../shell/selection-bar';
import { listAddress, queryOf, visitorSearch } from './search';
import { Badges, fullName, rememberList, takeFlash } from './shared';

/** The search box, which starts from the address's search (the list keys it by that). */
function VisitorSearch({ initial, error }: { initial: string; error?: string }) {
  const { t } = useT();
  const [q, setQ] = useState(initial);
  const find = (event: FormEvent) => {
    event.preventDefault();
    navigate(listAddress(q));
  };
  return (
    <Card className="mb-6">
      <form onSubmit={find} noValidate role="search" aria-label={t('visitors.title')}>
        <Field label={t('inbox.search')} hint={t('visitors.searchHint')} error={error}>
          {(props) => (
            <input
              {...props}
              type="search"
              name="q"
              className={inputClass}
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass}>
          {t('visitors.find')}
        </button>
      </form>
    </Card>
  );
}

/** What is done to the chosen accounts at once: each signed out everywhere, as if done alone. */
function VisitorsBulkBar({ chosen, onDone }: { chosen: VisitorItem[]; onDone: () => void }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const names = new Map(chosen.map((v) => [v.id, `${fullName(v)} (${v.email})`]));
  return (
    <SelectionBar
      count={chosen.length}
      applyText={t('bulk.visitorsEnd')}
      nameOf={(id) => names.get(id) ?? id}
      onDone={onDone}
      apply={async () => {
        const result = await adminApi.visitorsBulk({
          action: 'end-sessions',
          ids: chosen.map((v) => v.id),
        });
        if (result.ok) void queryClient.invalidateQueries({ queryKey: ['visitors'] });
        return result;
      }}
    />
  );
}

/** The visitor accounts whose address or name holds the search, newest first. */
export function VisitorList() {
  const { t } = useT();
  const { when } = useLabels();
  const { q: shownQ = '', page = 1 } = useSearch({ strict: false, select: visitorSearch });
  const query = queryOf(shownQ, page);
  const { data: result } = useQuery({
    queryKey: ['visitors', query],
    queryFn: () => adminApi.visitors(query),
    placeholderData: keepPreviousData,
  });
  // A page that could not load leaves the one shown before in place, under the error.
  const [data, setData] = useState<VisitorPage | null>(null);
  if (result?.ok && result.data && result.data !== data) setData(result.data);
  const [flash] = useState<Notice>(takeFlash);
  const errors = result?.errors ?? {};
  const notice: Notice =
    result && !(result.ok && result.data)
      ? { tone: 'error', text: result.message || t('common.unreachable') }
      : flash;

  useEffect(() => {
    rememberList(listAddress(shownQ, page));
  }, [shownQ, page]);

  const [chosen, setChosen] = useState<Map<string, VisitorItem>>(new Map());
  const choose = (v: VisitorItem, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(v.id, v);
    else next.delete(v.id);
    setChosen(next);
  };
  const shown = data?.items ?? [];
  const allChosen = shown.length > 0 && shown.every((v) => chosen.has(v.id));

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageLink = (n: number) => listAddress(shownQ, n);

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('visitors.title')}</h1>
        {data && (
          <p className="text-ink-muted" role="status" data-total={data.total}>
            {t('visitors.total', { count: data.total })}
          </p>
        )}
      </div>
      <NoticeBox notice={notice} />
      <VisitorSearch key={shownQ} initial={shownQ} error={errors.q} />
      <VisitorsBulkBar chosen={[...chosen.values()]} onDone={() => setChosen(new Map())} />
      {data && data.items.length === 0 && <p>{t('visitors.none')}</p>}
      {data && data.items.length > 0 && (
        <ChooseAll
          className="mb-2"
          all={allChosen}
          onChange={(on) => setChosen(on ? new Map(shown.map((v) => [v.id, v])) : new Map())}
        />
      )}
      {data && data.items.length > 0 && (
        <ol className="grid gap-3" aria-label={t('visitors.title')}>
          {data.items.map((v) => (
            <li
              key={v.id}
              className="flex gap-3 rounded-card border border-line bg-raised p-4"
              data-visitor={v.id}
            >
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0"
                checked={chosen.has(v.id)}
                aria-label={t('bulk.choose', { title: fullName(v) })}
                onChange={(e) => choose(v, e.target.checked)}
              />
              <div className="min-w-0 grow">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 className="min-w-0 text-lg font-semibold break-words">
                    <Link
                      to={`/admin/visitors/${v.id}`}
                      className="underline underline-offset-4 hover:no-underline"
                    >
                      <bdi>{fullName(v)}</bdi>
                    </Link>
                  </h2>
                  <Badges visitor={v} />
                </div>
                <p className="mt-1 text-sm break-words text-ink-muted">
                  <bdi dir="ltr">{v.email}</bdi>
                  {' · '}
                  <time dateTime={v.createdAt}>
                    {t('visitors.registered', { date: when(v.createdAt) })}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {data && <Pager label={t('visitors.pages')} page={page} pages={pages} pageLink={pageLink} />}
    </div>
  );
}
