import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { adminApi, type Held, type Session } from '../api';
import { useStepUp } from '../account/step-up';
import {
  Card,
  Field,
  NoticeBox,
  buttonClass,
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useLabels, useT } from '../shell/lang';
import { Link } from '../shell/navigation';

/** An e-mail address, isolated and written left to right in either direction of the page. */
function Address({ email }: { email: string }) {
  return (
    <bdi dir="ltr" className="break-all">
      {email}
    </bdi>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-line pt-4">
      <h3 className="mb-2 text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** What the site holds about one address: the account, the submissions, the queued e-mail. */
function Holdings({ held }: { held: Held }) {
  const { t, label, when } = useLabels();
  const yes = (v: boolean) => (v ? t('privacy.held.yes') : t('privacy.held.no'));
  const { account, submissions, mail } = held;
  return (
    <div className="grid gap-4" data-held>
      <Section title={t('privacy.held.account')}>
        {account ? (
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]" data-held-account>
            <dt className="text-ink-muted">{t('privacy.held.registered')}</dt>
            <dd>
              <time dateTime={account.createdAt}>{when(account.createdAt)}</time>
            </dd>
            <dt className="text-ink-muted">{t('privacy.held.confirmed')}</dt>
            <dd>{yes(account.confirmed)}</dd>
            <dt className="text-ink-muted">{t('privacy.held.sessions')}</dt>
            <dd>{account.sessions}</dd>
            <dt className="text-ink-muted">{t('privacy.held.registrations')}</dt>
            <dd>{account.registrations}</dd>
            <dt className="text-ink-muted">{t('privacy.held.picture')}</dt>
            <dd>{yes(account.picture)}</dd>
          </dl>
        ) : (
          <p>{t('privacy.held.noAccount')}</p>
        )}
      </Section>
      <Section title={t('privacy.held.submissions', { count: submissions.length })}>
        {submissions.length ? (
          <ul
            className="grid gap-2"
            aria-label={t('privacy.held.submissions', { count: submissions.length })}
          >
            {submissions.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1"
                data-held-submission={s.id}
              >
                <Link
                  to={`/admin/inbox/${s.id}`}
                  className="font-semibold underline underline-offset-4 hover:no-underline"
                >
                  {t('privacy.held.submission', { id: s.id })}
                </Link>
                <span>
                  {label('inbox.kinds', s.kind)}
                  {s.target && (
                    <>
                      {' · '}
                      <bdi>{s.kind === 'contact' ? label('offices', s.target) : s.target}</bdi>
                    </>
                  )}
                </span>
                <time dateTime={s.createdAt} className="text-sm text-ink-muted">
                  {when(s.createdAt)}
                </time>
                {s.cv && (
                  <span
                    className="inline-flex items-center rounded-full border border-line-strong bg-surface px-2 text-sm"
                    data-held-cv
                  >
                    {t('privacy.held.cv')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('privacy.held.noSubmissions')}</p>
        )}
      </Section>
      <Section title={t('privacy.held.mail', { count: mail.length })}>
        {mail.length ? (
          <ul className="grid gap-2" aria-label={t('privacy.held.mail', { count: mail.length })}>
            {mail.map((m) => (
              <li
                key={m.id}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1"
                data-held-mail={m.kind}
              >
                <span>{label('privacy.mails', m.kind)}</span>
                <time dateTime={m.createdAt} className="text-sm text-ink-muted">
                  {when(m.createdAt)}
                </time>
                {m.attempts > 0 && (
                  <span className="text-sm text-ink-muted">
                    {t('privacy.held.attempts', { count: m.attempts })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('privacy.held.noMail')}</p>
        )}
        {held.outbox !== undefined && (
          <p className="mt-2" data-held-outbox={held.outbox}>
            {t('privacy.held.outbox', { count: held.outbox })}
          </p>
        )}
      </Section>
    </div>
  );
}

function holdsNothing(held: Held): boolean {
  return !held.account && !held.submissions.length && !held.mail.length && !(held.outbox ?? 0);
}

/**
 * Everything the site holds about an e-mail address, and erasing it: for administrators, who
 * prove their second factor again to see the list, and confirm the erasure.
 */
export function Privacy({
  session,
  onSession,
}: {
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [found, setFound] = useState<{ email: string; held: Held } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const { run, panel } = useStepUp(session, onSession);
  const field = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const results = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  // The list is personal data itself: the server asks for the second factor again before it.
  const look = (address: string, after?: Notice) =>
    run(
      async () => {
        setBusy(true);
        const result = await adminApi.held(address);
        setBusy(false);
        return result;
      },
      (result) => {
        setConfirming(false);
        if (result.ok && result.data) {
          setError('');
          setNotice(after ?? null);
          setFound({ email: address.trim().toLowerCase(), held: result.data });
          requestAnimationFrame(() => results.current?.focus());
          return;
        }
        setFound(null);
        setError(result.errors.email ?? '');
        setNotice(
          result.errors.email
            ? null
            : { tone: 'error', text: result.message || t('common.unreachable') },
        );
        if (result.errors.email) field.current?.focus();
      },
    );

  const find = (event: FormEvent) => {
    event.preventDefault();
    void look(email);
  };

  const erase = () => {
    if (!found) return;
    const address = found.email;
    const { outbox } = found.held;
    void run(
      async () => {
        setBusy(true);
        const result = await adminApi.erase(address);
        setBusy(false);
        return result;
      },
      (result) => {
        setConfirming(false);
        if (!result.data) {
          setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
          return;
        }
        // The visitor accounts' screens load again: the account may be gone.
        void queryClient.invalidateQueries({ queryKey: ['visitors'] });
        void queryClient.invalidateQueries({ queryKey: ['visitor'] });
        const counts = t('privacy.erasedCounts', { ...result.data });
        const notice: Notice = {
          tone: result.ok ? 'success' : 'error',
          text: `${result.message} ${counts}`.trim(),
        };
        if (!result.ok) {
          // Some of it stayed: the list shows what (after the second factor again, if asked).
          void look(address, notice);
          return;
        }
        setNotice(notice);
        setFound({
          email: address,
          held: {
            account: null,
            submissions: [],
            mail: [],
            ...(outbox === undefined ? {} : { outbox: 0 }),
          },
        });
        requestAnimationFrame(() => results.current?.focus());
      },
    );
  };

  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">{t('privacy.title')}</h1>
      <p className="mb-6 max-w-prose text-ink-muted">{t('privacy.lead')}</p>
      {panel}
      <NoticeBox notice={notice} />
      <Card className="mb-6">
        <form role="search" aria-label={t('privacy.title')} onSubmit={find} noValidate>
          <Field label={t('privacy.email')} error={error}>
            {(props) => (
              <input
                {...props}
                ref={field}
                className={inputClass}
                type="email"
                name="email"
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <button type="submit" className={buttonClass} disabled={busy}>
            {t('privacy.find')}
          </button>
        </form>
      </Card>
      {found && (
        <Card>
          <h2
            ref={results}
            tabIndex={-1}
            className="mb-4 text-xl font-semibold break-words outline-none"
          >
            {t('privacy.held.about')} <Address email={found.email} />
          </h2>
          {holdsNothing(found.held) ? (
            <p data-held-nothing>{t('privacy.held.nothing')}</p>
          ) : (
            <>
              <Holdings held={found.held} />
              <section className="mt-6 rounded-lg border border-danger p-4">
                <h3 className="mb-2 text-lg font-semibold">{t('privacy.erase.title')}</h3>
                <p className="mb-4 max-w-prose">{t('privacy.erase.lead')}</p>
                {confirming ? (
                  <div role="group" aria-label={t('privacy.erase.title')}>
                    <p className="mb-3 font-semibold">{t('privacy.erase.confirm')}</p>
                    <div className="flex flex-wrap gap-3">
                      <button
                        ref={confirmButton}
                        type="button"
                        className={dangerButtonClass}
                        disabled={busy}
                        onClick={erase}
                      >
                        {t('privacy.erase.yes')}
                      </button>
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        onClick={() => setConfirming(false)}
                      >
                        {t('common.cancel')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <button
                    type="button"
                    className={dangerButtonClass}
                    disabled={busy}
                    onClick={() => setConfirming(true)}
                  >
                    {t('privacy.erase.button')}
                  </button>
                )}
              </section>
            </>
          )}
        </Card>
      )}
    </div>
  );
}
