import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiResult } from '../shared/form-kit/api-client';
import {
  adminApi,
  type Session,
  type VisitorDetail,
  type VisitorItem,
  type VisitorPage,
} from './api';
import { useStepUp } from './step-up';
import { isKey, type Key } from './i18n';
import {
  Card,
  Field,
  Link,
  NoticeBox,
  Pager,
  buttonClass,
  dangerButtonClass,
  inputClass,
  navigate,
  secondaryButtonClass,
  useLabels,
  useSearch,
  useT,
  type Notice,
} from './ui';

// The list's address last shown, for the way back from an account.
let lastList = '/admin/visitors';
function rememberList(path: string) {
  lastList = path;
}
// What the list says when it opens after an account was deleted.
let flash: Notice = null;

function queryOf(q: string, page = 1): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

function fullName(v: VisitorItem): string {
  return `${v.firstName} ${v.lastName}`.trim() || v.email;
}

/** Confirmed or not, and disabled when it is, as small badges. */
function Badges({ visitor }: { visitor: VisitorItem }) {
  const { t } = useT();
  const badge = 'inline-flex items-center rounded-full border px-2 text-sm';
  return (
    <span className="flex flex-wrap gap-2">
      <span
        className={`${badge} ${visitor.confirmed ? 'border-accent bg-accent-soft' : 'border-line-strong bg-surface'} text-ink`}
        data-confirmed={visitor.confirmed}
      >
        {visitor.confirmed ? t('visitors.confirmed') : t('visitors.unconfirmed')}
      </span>
      {visitor.disabled && (
        <span className={`${badge} border-danger bg-danger-soft text-ink`} data-disabled>
          {t('visitors.disabled')}
        </span>
      )}
    </span>
  );
}

/** The search box, which starts from the address's search (the list keys it by that). */
function VisitorSearch({ initial, error }: { initial: string; error?: string }) {
  const { t } = useT();
  const [q, setQ] = useState(initial);
  const find = (event: FormEvent) => {
    event.preventDefault();
    const next = queryOf(q);
    navigate(`/admin/visitors${next ? `?${next}` : ''}`);
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
function VisitorList() {
  const { t } = useT();
  const { when } = useLabels();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const shownQ = params.get('q') ?? '';
  const parsed = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
  const [data, setData] = useState<VisitorPage | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(() => {
    const once = flash;
    flash = null;
    return once;
  });
  const query = queryOf(shownQ, page);

  useEffect(() => {
    rememberList(`/admin/visitors${query ? `?${query}` : ''}`);
    let live = true;
    void adminApi.visitors(query).then((result) => {
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageLink = (n: number) => {
    const next = queryOf(shownQ, n);
    return `/admin/visitors${next ? `?${next}` : ''}`;
  };

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

/** One visitor account: its state, its sessions, and what an administrator may do to it. */
function VisitorAccount({
  id,
  session,
  onSession,
}: {
  id: string;
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t } = useT();
  const { when } = useLabels();
  const [detail, setDetail] = useState<VisitorDetail | null>(null);
  const [missing, setMissing] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { run, panel } = useStepUp(session, onSession);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const load = async () => {
    const result = await adminApi.visitor(id);
    if (result.ok && result.data) setDetail(result.data);
    else setMissing(result.message || t('common.unreachable'));
  };

  useEffect(() => {
    // Loading the account is the effect; its answer sets the state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const back = (
    <p className="mb-4">
      <Link to={lastList} className="underline underline-offset-4">
        {t('visitors.back')}
      </Link>
    </p>
  );
  if (missing) {
    return (
      <div>
        {back}
        <NoticeBox notice={{ tone: 'error', text: missing }} />
      </div>
    );
  }
  if (!detail) return <p role="status">{t('common.loading')}</p>;

  // Runs an action (after the second factor, when the server asks for it again), says how it
  // went, and shows the account as it is now; `done` replaces the reload when it succeeded.
  const act = <T,>(action: () => Promise<ApiResult<T>>, done?: (message: string) => void) => {
    const once = async () => {
      setBusy(true);
      const result = await action();
      setBusy(false);
      return result;
    };
    void run(once, (result) => {
      const text = result.message || t('common.unreachable');
      if (result.ok && done) {
        done(text);
        return;
      }
      setNotice({ tone: result.ok ? 'success' : 'error', text });
      void load();
    });
  };

  const language = isKey(`languageNames.${detail.locale}`)
    ? t(`languageNames.${detail.locale}` as Key)
    : detail.locale;
  const row = (label: string, value: string, data?: string) => (
    <div className="contents" data-state={data}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );

  return (
    <div>
      {back}
      <div className="mb-6">
        <h1 className="text-2xl font-semibold break-words">
          <bdi>{fullName(detail)}</bdi>
        </h1>
        <p className="mt-2">
          <Badges visitor={detail} />
        </p>
      </div>
      <NoticeBox notice={notice} />
      {panel}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="mb-4 text-xl font-semibold">{t('visitors.state')}</h2>
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
              <div className="contents">
                <dt className="text-ink-muted">{t('visitors.email')}</dt>
                <dd className="break-all">
                  <bdi dir="ltr">{detail.email}</bdi>
                </dd>
              </div>
              {row(t('visitors.created'), when(detail.createdAt))}
              {row(
                t('visitors.address'),
                detail.confirmedAt
                  ? t('visitors.addressConfirmed', { date: when(detail.confirmedAt) })
                  : t('visitors.addressUnconfirmed'),
                'address',
              )}
              {row(
                t('visitors.account'),
                detail.disabledAt
                  ? t('visitors.accountDisabled', { date: when(detail.disabledAt) })
                  : t('visitors.accountActive'),
                'account',
              )}
              {row(
                t('visitors.recovery'),
                detail.recoveryPausedUntil
                  ? t('visitors.recoveryPaused', { date: when(detail.recoveryPausedUntil) })
                  : t('visitors.recoveryOpen'),
                'recovery',
              )}
              {row(
                t('visitors.login'),
                detail.captchaUntil
                  ? t('visitors.loginCaptcha', { date: when(detail.captchaUntil) })
                  : t('visitors.loginPlain'),
                'login',
              )}
              {row(t('visitors.language'), language)}
            </dl>
          </Card>
          <Card>
            <h2 className="mb-4 text-xl font-semibold">{t('visitors.sessions')}</h2>
            {detail.sessions.length === 0 ? (
              <p>{t('visitors.noSessions')}</p>
            ) : (
              <ul className="grid gap-3" aria-label={t('visitors.sessions')} data-sessions>
                {detail.sessions.map((s) => (
                  <li
                    key={`${s.createdAt}-${s.device}`}
                    className="border-b border-line pb-3 last:border-0 last:pb-0"
                  >
                    <p className="font-semibold">
                      <bdi>{s.device}</bdi>
                    </p>
                    <p className="text-sm text-ink-muted">
                      {t('visitors.sessionStarted', { date: when(s.createdAt) })}
                      {' · '}
                      {t('visitors.sessionSeen', { date: when(s.lastSeenAt) })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <Card className="self-start">
          <h2 className="mb-4 text-xl font-semibold">{t('visitors.actions')}</h2>
          <div className="grid gap-3">
            {!detail.confirmed && (
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={busy}
                onClick={() => act(() => adminApi.resendConfirmation(detail.id))}
              >
                {t('visitors.resend')}
              </button>
            )}
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => act(() => adminApi.endVisitorSessions(detail.id))}
            >
              {t('visitors.endSessions')}
            </button>
            {detail.disabled ? (
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={busy}
                onClick={() => act(() => adminApi.setVisitorDisabled(detail.id, false))}
              >
                {t('visitors.enable')}
              </button>
            ) : (
              <>
                <button
                  type="button"
                  className={dangerButtonClass}
                  disabled={busy}
                  aria-describedby="visitor-disable-hint"
                  onClick={() => act(() => adminApi.setVisitorDisabled(detail.id, true))}
                >
                  {t('visitors.disable')}
                </button>
                <p id="visitor-disable-hint" className="text-sm text-ink-muted">
                  {t('visitors.disableHint')}
                </p>
              </>
            )}
            {!confirming ? (
              <button
                ref={deleteButton}
                type="button"
                className={dangerButtonClass}
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {t('visitors.delete')}
              </button>
            ) : (
              <div
                role="group"
                aria-labelledby="visitor-delete-title"
                className="rounded-lg border border-danger bg-danger-soft p-4"
              >
                <h3
                  id="visitor-delete-title"
                  ref={confirmHeading}
                  tabIndex={-1}
                  className="font-semibold outline-none"
                >
                  {t('visitors.deleteTitle')}
                </h3>
                <p className="mt-1 mb-3">{t('visitors.deleteBody', { name: fullName(detail) })}</p>
                <div className="flex flex-wrap gap-3">
                  <button
                    type="button"
                    className={dangerButtonClass + ' bg-raised'}
                    disabled={busy}
                    onClick={() =>
                      act(
                        () => adminApi.deleteVisitor(detail.id),
                        (message) => {
                          flash = { tone: 'success', text: message };
                          navigate(lastList);
                        },
                      )
                    }
                  >
                    {t('visitors.deleteConfirm')}
                  </button>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    onClick={() => {
                      setConfirming(false);
                      requestAnimationFrame(() => deleteButton.current?.focus());
                    }}
                  >
                    {t('common.cancel')}
                  </button>
                </div>
              </div>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}

/** The visitors' addresses: the list at /admin/visitors, an account at /admin/visitors/{id}. */
export function VisitorsSection({
  path,
  session,
  onSession,
}: {
  path: string;
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t } = useT();
  if (!session.permissions.includes('visitors')) {
    return (
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('app.forbiddenTitle')}</h1>
        <p>{t('app.forbiddenBody')}</p>
      </Card>
    );
  }
  if (path === '/admin/visitors') return <VisitorList />;
  const id = path.slice('/admin/visitors/'.length);
  return <VisitorAccount key={id} id={id} session={session} onSession={onSession} />;
}
