import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  adminApi,
  exportInbox,
  saveFile,
  type InboxDetail,
  type InboxItem,
  type InboxNote,
  type InboxPage,
  type Session,
} from './api';
import { mayUseInbox, refreshInboxCount, useInboxCount } from './inbox-count';
import { useStepUp } from './step-up';
import {
  Card,
  DateRange,
  Field,
  Link,
  NoticeBox,
  Pager,
  buttonClass,
  inputClass,
  navigate,
  secondaryButtonClass,
  useLabels,
  useSearch,
  useT,
  type Notice,
} from './ui';

/** The inbox's filters, as they stand in the address. */
type Filters = {
  q: string;
  kind: string;
  office: string;
  status: string;
  assignee: string;
  language: string;
  from: string;
  to: string;
};

const noFilters: Filters = {
  q: '',
  kind: '',
  office: '',
  status: '',
  assignee: '',
  language: '',
  from: '',
  to: '',
};

function filtersOf(search: string): { filters: Filters; page: number } {
  const params = new URLSearchParams(search);
  const filters = { ...noFilters };
  for (const key of Object.keys(noFilters) as (keyof Filters)[]) {
    filters[key] = params.get(key) ?? '';
  }
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return { filters, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

function queryOf(filters: Filters, page = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value.trim()) params.set(key, value.trim());
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

// The list's address last shown, for the way back from a submission.
let lastList = '/admin/inbox';

function StatusBadge({ status }: { status: string }) {
  const { label } = useLabels();
  const tone =
    status === 'new'
      ? 'border-accent bg-accent-soft text-ink'
      : 'border-line-strong bg-surface text-ink';
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 text-sm ${tone}`}
      data-status={status}
    >
      {label('inbox.statuses', status)}
    </span>
  );
}

/** What a submission is: its form, and the office, position, webinar or publication it is for. */
function kindText(label: (p: string, v: string) => string, item: InboxItem): string {
  const kind = label('inbox.kinds', item.kind);
  if (!item.target) return kind;
  const target = item.kind === 'contact' ? label('offices', item.target) : item.target;
  return `${kind} · ${target}`;
}

/** Who sent a submission, or, once it was erased, that no one can be named. */
function Sender({ item }: { item: InboxItem }) {
  const { t } = useT();
  return item.erasedAt ? t('privacy.erasedTitle') : <bdi>{item.name || item.email}</bdi>;
}

/** When a submission's personal fields were erased, if they were. */
function ErasedOn({ item, className = '' }: { item: InboxItem; className?: string }) {
  const { t, when } = useLabels();
  if (!item.erasedAt) return null;
  return (
    <p className={className} data-erased={item.erasedAt}>
      {t('privacy.erasedOn', { date: when(item.erasedAt) })}
    </p>
  );
}

function Row({ item, staffName }: { item: InboxItem; staffName: (id: string) => string }) {
  const { t, label, when } = useLabels();
  return (
    <li
      className="rounded-card border border-line bg-raised p-4"
      data-submission={item.id}
      data-kind={item.kind}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 text-lg font-semibold break-words">
          <Link
            to={`/admin/inbox/${item.id}`}
            className="underline underline-offset-4 hover:no-underline"
          >
            <Sender item={item} />
          </Link>
        </h2>
        <time dateTime={item.createdAt} className="text-sm text-ink-muted">
          {when(item.createdAt)}
        </time>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={item.status} />
        <span>{kindText(label, item)}</span>
        {item.assignee && (
          <span className="text-ink-muted">
            {t('inbox.assignedTo', { name: staffName(item.assignee) })}
          </span>
        )}
      </p>
      <ErasedOn item={item} className="mt-1 text-sm text-ink-muted" />
      <p className="mt-1 text-sm break-words text-ink-muted">
        <bdi dir="ltr">{item.email}</bdi>
        {item.company && (
          <>
            {' · '}
            <bdi>{item.company}</bdi>
          </>
        )}
      </p>
      {item.summary && (
        <p className="mt-2 break-words">
          <bdi>{item.summary}</bdi>
        </p>
      )}
    </li>
  );
}

/** Every form the staff member's role covers, newest first, filtered by the address. */
function Inbox({
  session,
  onSession,
}: {
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t, label } = useLabels();
  const search = useSearch();
  const { filters: shown, page } = filtersOf(search);
  const [filters, setFilters] = useState<Filters>(shown);
  const [data, setData] = useState<InboxPage | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const { run, panel } = useStepUp(session, onSession);
  const count = useInboxCount();
  const latest = count?.latest ?? 0;
  const query = queryOf(shown, page);
  // Filters besides the search, which the disclosure below holds.
  const narrowed = Object.entries(shown).filter(([key, value]) => key !== 'q' && value).length;
  const [more, setMore] = useState(narrowed > 0);

  useEffect(() => {
    lastList = `/admin/inbox${query ? `?${query}` : ''}`;
    let live = true;
    void adminApi.inbox(query).then((result) => {
      if (!live) return;
      setErrors(result.errors);
      if (result.ok && result.data) {
        setData(result.data);
        setNotice((current) => (current?.tone === 'error' ? null : current));
      } else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
    });
    return () => {
      live = false;
    };
    // A newer submission (the poll's latest id) reloads the page shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, latest]);

  useEffect(() => {
    // The form follows the address when the history moves.
    setFilters(filtersOf(search).filters);
  }, [search]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = queryOf(filters);
    navigate(`/admin/inbox${next ? `?${next}` : ''}`);
  };

  const staffName = (id: string) => data?.staff.find((p) => p.id === id)?.name ?? t('inbox.nobody');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageLink = (n: number) => {
    const q = queryOf(shown, n);
    return `/admin/inbox${q ? `?${q}` : ''}`;
  };

  const select = (
    name: keyof Filters,
    text: string,
    any: string,
    options: { value: string; text: string }[],
  ) => (
    <Field label={text} error={errors[name]}>
      {(props) => (
        <select
          {...props}
          name={name}
          className={inputClass}
          value={filters[name]}
          onChange={(event) => setFilters({ ...filters, [name]: event.target.value })}
        >
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

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
      <NoticeBox notice={notice} />
      {panel}
      <Card className="mb-6">
        <h2 className="sr-only">{t('audit.filters')}</h2>
        <form onSubmit={apply} noValidate role="search" aria-label={t('audit.filters')}>
          <Field label={t('inbox.search')} hint={t('inbox.searchHint')} error={errors.q}>
            {(props) => (
              <input
                {...props}
                type="search"
                name="q"
                className={inputClass}
                value={filters.q}
                onChange={(event) => setFilters({ ...filters, q: event.target.value })}
              />
            )}
          </Field>
          <details
            className="mb-4"
            open={more}
            onToggle={(event) => setMore(event.currentTarget.open)}
          >
            <summary className="min-h-11 cursor-pointer py-2 font-semibold underline-offset-4 hover:underline">
              {narrowed > 0
                ? t('inbox.moreFiltersOn', { count: narrowed })
                : t('inbox.moreFilters')}
            </summary>
            <div className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
              {select(
                'kind',
                t('inbox.kind'),
                t('inbox.anyKind'),
                (data?.kinds ?? []).map((k) => ({ value: k, text: label('inbox.kinds', k) })),
              )}
              {(data?.kinds ?? []).includes('contact') &&
                select(
                  'office',
                  t('staff.office'),
                  t('staff.anyOffice'),
                  (data?.offices ?? []).map((o) => ({ value: o, text: label('offices', o) })),
                )}
              {select(
                'status',
                t('inbox.status'),
                t('inbox.anyStatus'),
                (data?.statuses ?? []).map((s) => ({ value: s, text: label('inbox.statuses', s) })),
              )}
              {select('assignee', t('inbox.assignee'), t('inbox.anyAssignee'), [
                { value: 'none', text: t('inbox.nobody') },
                ...(data?.staff ?? []).map((p) => ({ value: p.id, text: p.name })),
              ])}
              {select(
                'language',
                t('inbox.submissionLanguage'),
                t('inbox.anyLanguage'),
                (data?.languages ?? []).map((l) => ({ value: l, text: label('languageNames', l) })),
              )}
              <DateRange
                from={filters.from}
                to={filters.to}
                errors={errors}
                onChange={(range) => setFilters({ ...filters, ...range })}
              />
            </div>
          </details>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass}>
              {t('audit.filter')}
            </button>
            <Link to="/admin/inbox" className={secondaryButtonClass}>
              {t('inbox.clearFilters')}
            </Link>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() =>
                void run(
                  () => exportInbox(queryOf(shown)),
                  (result) => {
                    if (result.ok && result.data) {
                      const url = URL.createObjectURL(result.data);
                      saveFile(url, 'inbox.csv');
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
      {data && data.items.length === 0 && <p>{t('inbox.noSubmissions')}</p>}
      {data && data.items.length > 0 && (
        <ol className="grid gap-3" aria-label={t('inbox.title')}>
          {data.items.map((item) => (
            <Row key={item.id} item={item} staffName={staffName} />
          ))}
        </ol>
      )}
      {data && <Pager label={t('inbox.pages')} page={page} pages={pages} pageLink={pageLink} />}
    </div>
  );
}

// The order the submitted fields are shown in; others follow.
const fieldOrder = [
  'name',
  'email',
  'phone',
  'company',
  'jobTitle',
  'country',
  'companySize',
  'timeline',
  'services',
  'preferredStart',
  'linkedin',
  'subject',
  'message',
  'coverLetter',
  'cvFileName',
];

// Fields written left to right whatever the page's direction: addresses, numbers, dates.
const leftToRight = new Set(['email', 'phone', 'linkedin', 'preferredStart']);

function Value({ value, ltr }: { value: unknown; ltr: boolean }): ReactNode {
  if (Array.isArray(value)) {
    return (
      <ul className="list-inside list-disc">
        {value.map((v, i) => (
          <li key={i}>
            <bdi>{String(v)}</bdi>
          </li>
        ))}
      </ul>
    );
  }
  const text = String(value ?? '');
  return (
    <bdi className="whitespace-pre-line" dir={ltr ? 'ltr' : undefined}>
      {text}
    </bdi>
  );
}

/** Notes or replies on a submission, oldest first, each with who wrote it and when. */
function NoteList({
  label,
  notes,
  by,
}: {
  label: string;
  notes: InboxNote[];
  by: (note: InboxNote) => string;
}) {
  const { when } = useLabels();
  return (
    <ol className="mb-4 grid gap-3" aria-label={label}>
      {notes.map((n) => (
        <li key={n.id} className="rounded-lg border border-line bg-surface p-3">
          <p className="text-sm text-ink-muted">
            <span className="font-semibold text-ink">{by(n)}</span>
            {' · '}
            <time dateTime={n.at}>{when(n.at)}</time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line">
            <bdi>{n.body}</bdi>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** One submission, read-only, with its follow-up: status, assignee, internal notes and replies. */
function InboxSubmission({
  id,
  session,
  onSession,
}: {
  id: string;
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t, label, when } = useLabels();
  const [detail, setDetail] = useState<InboxDetail | null>(null);
  const [status, setStatus] = useState('');
  const [assignee, setAssignee] = useState('');
  const [note, setNote] = useState('');
  const [reply, setReply] = useState('');
  const [replyErrors, setReplyErrors] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [missing, setMissing] = useState('');
  const [busy, setBusy] = useState(false);
  const { run, panel } = useStepUp(session, onSession);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const replyField = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let live = true;
    void adminApi.inboxItem(id).then((result) => {
      if (!live) return;
      if (result.ok && result.data) {
        setDetail(result.data);
        setStatus(result.data.item.status);
        setAssignee(result.data.item.assignee);
      } else setMissing(result.message || t('common.unreachable'));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (missing) {
    return (
      <div>
        <p className="mb-4">
          <Link to={lastList} className="underline underline-offset-4">
            {t('inbox.backToInbox')}
          </Link>
        </p>
        <NoticeBox notice={{ tone: 'error', text: missing }} />
      </div>
    );
  }
  if (!detail) return <p role="status">{t('common.loading')}</p>;
  const { item } = detail;

  const saveWork = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    let message = '';
    let current = item;
    if (status !== item.status) {
      const result = await adminApi.setStatus(item.id, status);
      if (!result.ok) {
        setErrors(result.errors);
        setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
        setBusy(false);
        return;
      }
      current = { ...current, status };
      message = result.message;
    }
    if (assignee !== item.assignee) {
      const result = await adminApi.setAssignee(item.id, assignee);
      if (!result.ok) {
        setErrors(result.errors);
        setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
        setDetail({ ...detail, item: current });
        setBusy(false);
        return;
      }
      current = { ...current, assignee };
      message = message ? `${message} ${result.message}` : result.message;
    }
    setDetail({ ...detail, item: current });
    if (message) setNotice({ tone: 'success', text: message });
    refreshInboxCount();
    setBusy(false);
  };

  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await adminApi.addNote(item.id, note);
    setErrors(result.errors);
    if (result.ok && result.data) {
      setDetail({ ...detail, notes: [...detail.notes, result.data] });
      setNote('');
      setNotice({ tone: 'success', text: result.message });
    } else {
      setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
      noteField.current?.focus();
    }
    setBusy(false);
  };

  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await adminApi.reply(item.id, reply);
    setReplyErrors(result.errors);
    if (result.ok && result.data) {
      setDetail({ ...detail, notes: [...detail.notes, result.data] });
      setReply('');
      setNotice({ tone: 'success', text: result.message });
    } else {
      setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
      replyField.current?.focus();
    }
    setBusy(false);
  };

  const notes = detail.notes.filter((n) => n.kind !== 'reply');
  const replies = detail.notes.filter((n) => n.kind === 'reply');
  const replyTo = typeof detail.fields.email === 'string' ? detail.fields.email : '';

  const fields = Object.entries(detail.fields)
    .filter(([, v]) => v !== '' && v !== null && !(Array.isArray(v) && v.length === 0))
    .sort(([a], [b]) => {
      const ia = fieldOrder.indexOf(a);
      const ib = fieldOrder.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });

  return (
    <div>
      <p className="mb-4">
        <Link to={lastList} className="underline underline-offset-4">
          {t('inbox.backToInbox')}
        </Link>
      </p>
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
        <Card>
          <h2 className="text-xl font-semibold">{t('inbox.sent')}</h2>
          {!item.erasedAt && <p className="mb-4 text-sm text-ink-muted">{t('inbox.readOnly')}</p>}
          <ErasedOn
            item={item}
            className="mb-4 rounded-lg border border-line-strong bg-surface px-3 py-2"
          />
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]" data-fields>
            <dt className="text-ink-muted">{t('inbox.received')}</dt>
            <dd>
              <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
            </dd>
            {item.target && (
              <>
                <dt className="text-ink-muted">{label('inbox.targets', item.kind)}</dt>
                <dd>{item.kind === 'contact' ? label('offices', item.target) : item.target}</dd>
              </>
            )}
            <dt className="text-ink-muted">{t('inbox.submissionLanguage')}</dt>
            <dd>{label('languageNames', item.locale)}</dd>
            {fields.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-ink-muted">{label('inbox.fields', key)}</dt>
                <dd className="break-words">
                  <Value
                    value={
                      key === 'services' && Array.isArray(value)
                        ? value.map((route) => detail.pageNames?.[String(route)] ?? route)
                        : value
                    }
                    ltr={leftToRight.has(key)}
                  />
                </dd>
              </div>
            ))}
          </dl>
          {item.kind === 'application' && (
            <div className="mt-6 border-t border-line pt-4">
              <h3 className="mb-2 text-lg font-semibold">{t('inbox.cv')}</h3>
              {detail.cv === 'deleted' && (
                <p>
                  {item.erasedAt
                    ? t('privacy.erasedOn', { date: when(item.erasedAt) })
                    : t('inbox.cvDeleted')}
                </p>
              )}
              {detail.canOpenCV && (
                <>
                  <p className="mb-3 text-sm text-ink-muted">{t('inbox.cvHint')}</p>
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() =>
                      void run(
                        () => adminApi.cvLink(item.id),
                        (result) => {
                          if (result.ok && result.data) {
                            saveFile(result.data.url, '');
                            setNotice({ tone: 'success', text: t('inbox.cvStarted') });
                          } else
                            setNotice({
                              tone: 'error',
                              text: result.message || t('common.unreachable'),
                            });
                        },
                      )
                    }
                  >
                    {t('inbox.openCv')}
                  </button>
                </>
              )}
            </div>
          )}
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="mb-4 text-xl font-semibold">{t('inbox.followUp')}</h2>
            <form onSubmit={saveWork} noValidate>
              <Field label={t('inbox.status')} error={errors.status}>
                {(props) => (
                  <select
                    {...props}
                    name="status"
                    className={inputClass}
                    value={status}
                    onChange={(event) => setStatus(event.target.value)}
                  >
                    {detail.statuses.map((s) => (
                      <option key={s} value={s}>
                        {label('inbox.statuses', s)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('inbox.assignee')} error={errors.assignee}>
                {(props) => (
                  <select
                    {...props}
                    name="assignee"
                    className={inputClass}
                    value={assignee}
                    onChange={(event) => setAssignee(event.target.value)}
                  >
                    <option value="">{t('inbox.nobody')}</option>
                    {detail.staff.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <button type="submit" className={buttonClass} disabled={busy}>
                {t('common.save')}
              </button>
            </form>
          </Card>
          <Card>
            <h2 className="mb-4 text-xl font-semibold">{t('inbox.notes')}</h2>
            {notes.length === 0 ? (
              <p className="mb-4 text-ink-muted">{t('inbox.noNotes')}</p>
            ) : (
              <NoteList label={t('inbox.notes')} notes={notes} by={(n) => n.author} />
            )}
            {item.erasedAt ? (
              <p className="text-ink-muted">{t('inbox.notesErased')}</p>
            ) : (
              <form onSubmit={addNote} noValidate>
                <Field label={t('inbox.note')} hint={t('inbox.noteHint')} error={errors.body}>
                  {(props) => (
                    <textarea
                      {...props}
                      ref={noteField}
                      name="note"
                      rows={3}
                      className={inputClass}
                      value={note}
                      onChange={(event) => setNote(event.target.value)}
                    />
                  )}
                </Field>
                <button type="submit" className={secondaryButtonClass} disabled={busy}>
                  {t('inbox.addNote')}
                </button>
              </form>
            )}
          </Card>
          <Card>
            <h2 className="mb-2 text-xl font-semibold">{t('inbox.replyTitle')}</h2>
            {replies.length > 0 && (
              <NoteList
                label={t('inbox.repliesSent')}
                notes={replies}
                by={(n) => t('inbox.replyBy', { name: n.author })}
              />
            )}
            {replyTo ? (
              <form onSubmit={sendReply} noValidate>
                <p className="mb-4 text-sm text-ink-muted">
                  {t('inbox.replyLead', { email: '\u2066' + replyTo + '\u2069' })}
                </p>
                <Field
                  label={t('inbox.replyField')}
                  hint={t('inbox.replyHint')}
                  error={replyErrors.body}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      ref={replyField}
                      name="reply"
                      rows={6}
                      className={inputClass}
                      value={reply}
                      onChange={(event) => setReply(event.target.value)}
                    />
                  )}
                </Field>
                <button type="submit" className={buttonClass} disabled={busy}>
                  {t('inbox.sendReply')}
                </button>
              </form>
            ) : (
              <p className="text-ink-muted">{t('inbox.replyUnavailable')}</p>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}

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
