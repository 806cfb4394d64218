import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminApi, exportAudit, saveFile, type Session } from '../api';
import { contentItem, describeDetail } from './audit-detail';
import { useStepUp } from '../account/step-up';
import { staffQuery } from '../staff/staff';
import { formattingLocale, isKey } from '../i18n';
import {
  Card,
  DateRange,
  Field,
  NoticeBox,
  buttonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useT } from '../shell/lang';
import { Link } from '../shell/navigation';

type Filters = { action: string; actor: string; from: string; to: string };
const noFilters: Filters = { action: '', actor: '', from: '', to: '' };

function query(filters: Filters, before = 0): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (before) q.set('before', String(before));
  return q.toString();
}

/** The trail for these filters, newest first, a page at a time (`next` names the older page). */
function auditQuery(filters: Filters) {
  return infiniteQueryOptions({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => adminApi.audit(query(filters, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (page) => (page.ok && page.data?.next ? page.data.next : undefined),
    // Loaded whenever the screen opens, and otherwise only when asked: a filter, an older page.
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
}

/**
 * The audit trail: filters, newest first, older pages on demand, and a CSV export, which asks
 * for the second factor again when it was not proven lately.
 */
export function Audit({
  session,
  onSession,
}: {
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t, lang } = useT();
  const { run, panel } = useStepUp(session, onSession);
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [shown, setShown] = useState<Filters>(noFilters);
  const trail = useInfiniteQuery(auditQuery(shown));
  const staff = useQuery(staffQuery).data?.data?.staff ?? [];
  // What the last action said (a refused filter, the export), and the fields it refused.
  const [said, setNotice] = useState<Notice>(null);
  const [refusedFields, setRefusedFields] = useState<Record<string, string> | null>(null);
  const pages = trail.data?.pages ?? [];
  const last = pages[pages.length - 1];
  const failed = last && !(last.ok && last.data) ? last : null;
  const events = pages.flatMap((page) => page.data?.events ?? []);
  const next = pages.findLast((page) => page.ok && page.data)?.data?.next ?? 0;
  const actions = pages.find((page) => page.data)?.data?.actions ?? [];
  const errors = refusedFields ?? failed?.errors ?? {};
  const notice: Notice =
    said ?? (failed ? { tone: 'error', text: failed.message || t('common.unreachable') } : null);
  const loaded = pages.length > 0;

  const nameOf = (id: string) => {
    if (!id) return t('audit.commandLine');
    return staff.find((m) => m.id === id)?.name ?? id;
  };
  const actionLabel = (a: string) => {
    const key = `audit.actions.${a}`;
    return isKey(key) ? t(key) : a;
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(formattingLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'medium',
    });

  // The trail's first page for the chosen filters loads before it replaces the one shown, and
  // starts their trail in the cache afresh: older pages load again on demand.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = { ...filters };
    const first = await adminApi.audit(query(chosen));
    setRefusedFields(first.errors);
    if (first.ok && first.data) {
      queryClient.setQueryData(auditQuery(chosen).queryKey, { pages: [first], pageParams: [0] });
      setNotice(null);
      setShown(chosen);
    } else setNotice({ tone: 'error', text: first.message || t('common.unreachable') });
  };

  return (
    <div>
      <h1 className="mb-6 text-2xl font-semibold">{t('audit.title')}</h1>
      {panel}
      <NoticeBox notice={notice} />
      <Card className="mb-6">
        <h2 className="mb-4 text-xl font-semibold">{t('audit.filters')}</h2>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <Field label={t('audit.action')} error={errors.action}>
            {(props) => (
              <select
                {...props}
                className={inputClass}
                value={filters.action}
                onChange={(event) => setFilters({ ...filters, action: event.target.value })}
              >
                <option value="">{t('audit.anyAction')}</option>
                {actions.map((a) => (
                  <option key={a} value={a}>
                    {actionLabel(a)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('audit.who')} error={errors.actor}>
            {(props) => (
              <select
                {...props}
                className={inputClass}
                value={filters.actor}
                onChange={(event) => setFilters({ ...filters, actor: event.target.value })}
              >
                <option value="">{t('audit.anyone')}</option>
                {staff.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <DateRange
            from={filters.from}
            to={filters.to}
            errors={errors}
            onChange={(range) => setFilters({ ...filters, ...range })}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
            <button type="submit" className={buttonClass}>
              {t('audit.filter')}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() =>
                void run(
                  () => exportAudit(query(shown)),
                  (result) => {
                    if (result.ok && result.data) {
                      const url = URL.createObjectURL(result.data);
                      saveFile(url, 'audit-trail.csv');
                      setTimeout(() => URL.revokeObjectURL(url), 60_000);
                      setNotice({ tone: 'success', text: t('inbox.exportStarted') });
                    } else
                      setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
                  },
                )
              }
            >
              {t('audit.exportCsv')}
            </button>
          </div>
        </form>
      </Card>
      {loaded && events.length === 0 && <p>{t('audit.noEvents')}</p>}
      <ol className="grid gap-3" aria-label={t('audit.title')}>
        {events.map((e) => (
          <li
            key={e.id}
            className="rounded-card border border-line bg-raised p-4"
            data-action={e.action}
          >
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">{actionLabel(e.action)}</span>
              <time dateTime={e.at} className="text-ink-muted">
                {when(e.at)}
              </time>
            </p>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-ink-muted">{t('audit.who')}</dt>
              <dd>
                {!e.actorId &&
                (/(^|, )scheduled$/.test(e.detail) || e.action === 'content-schedule-voided')
                  ? t('audit.scheduler')
                  : nameOf(e.actorId)}
              </dd>
              {e.item && (
                <>
                  <dt className="text-ink-muted">{t('audit.item')}</dt>
                  <dd className="break-all">
                    {staff.some((m) => m.id === e.item) ? (
                      nameOf(e.item)
                    ) : e.action.startsWith('content-') && contentItem(e.item) ? (
                      <Link to={contentItem(e.item)} className="underline underline-offset-4">
                        <bdi dir="ltr">{e.item}</bdi>
                      </Link>
                    ) : e.action.startsWith('visitor-') && e.action !== 'visitor-delete' ? (
                      <Link
                        to={`/admin/visitors/${e.item}`}
                        className="underline underline-offset-4"
                      >
                        {e.item}
                      </Link>
                    ) : e.action === 'refused' || e.action === 'step-up-required' ? (
                      <bdi dir="ltr">{e.item}</bdi>
                    ) : (
                      e.item
                    )}
                  </dd>
                </>
              )}
              {e.detail && (
                <>
                  <dt className="text-ink-muted">{t('audit.detail')}</dt>
                  <dd>{describeDetail(t, e.action, e.detail, nameOf)}</dd>
                </>
              )}
              {e.ip && (
                <>
                  <dt className="text-ink-muted">{t('audit.address')}</dt>
                  <dd>
                    <bdi dir="ltr">{e.ip}</bdi>
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ol>
      {next > 0 && (
        <p className="mt-4">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setNotice(null);
              void trail.fetchNextPage();
            }}
          >
            {t('audit.more')}
          </button>
        </p>
      )}
    </div>
  );
}
