import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { adminApi, type VisitorPage } from '../api';
import { Card, Field, NoticeBox, Pager, buttonClass, inputClass, type Notice } from '../ui';
import { useLabels, useT } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';
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
      {data && data.items.length === 0 && <p>{t('visitors.none')}</p>}
      {data && data.items.length > 0 && (
        <ol className="grid gap-3" aria-label={t('visitors.title')}>
          {data.items.map((v) => (
            <li
              key={v.id}
              className="rounded-card border border-line bg-raised p-4"
              data-visitor={v.id}
            >
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
            </li>
          ))}
        </ol>
      )}
      {data && <Pager label={t('visitors.pages')} page={page} pages={pages} pageLink={pageLink} />}
    </div>
  );
}
