import { useEffect, useState, type FormEvent } from 'react';
import {
  adminApi,
  exportAudit,
  saveFile,
  type AuditEvent,
  type Session,
  type StaffMember,
} from './api';
import { contentItem, describeDetail } from './audit-detail';
import { useStepUp } from './step-up';
import { formattingLocale, isKey } from './i18n';
import {
  Card,
  DateRange,
  Field,
  Link,
  NoticeBox,
  buttonClass,
  inputClass,
  secondaryButtonClass,
  useT,
  type Notice,
} from './ui';

type Filters = { action: string; actor: string; from: string; to: string };

function query(filters: Filters, before = 0): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (before) q.set('before', String(before));
  return q.toString();
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
  const [filters, setFilters] = useState<Filters>({ action: '', actor: '', from: '', to: '' });
  const [shown, setShown] = useState<Filters>(filters);
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [next, setNext] = useState(0);
  const [actions, setActions] = useState<string[]>([]);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [loaded, setLoaded] = useState(false);

  const load = async (f: Filters, before = 0) => {
    const result = await adminApi.audit(query(f, before));
    setErrors(result.errors);
    if (result.ok && result.data) {
      const data = result.data;
      setEvents((current) => (before ? [...current, ...data.events] : data.events));
      setNext(data.next);
      setActions(data.actions);
      setShown(f);
      setNotice(null);
    } else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
    setLoaded(true);
  };

  useEffect(() => {
    // The first page and the names of the staff are what this screen loads.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load(filters);
    void adminApi.staff().then((result) => {
      if (result.ok && result.data) setStaff(result.data.staff);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void load(filters);
  };

  return (
    <div>
      <h1 className="mb-6 text-2xl font-semibold">{t('audit.title')}</h1>
      {panel}
      <NoticeBox notice={notice} />
      <Card className="mb-6">
        <h2 className="mb-4 text-xl font-semibold">{t('audit.filters')}</h2>
        <form onSubmit={submit} noValidate className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
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
            onClick={() => void load(shown, next)}
          >
            {t('audit.more')}
          </button>
        </p>
      )}
    </div>
  );
}
