import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../shared/form-kit/api-client';
import { useStepUp } from '../account/step-up';
import { adminApi, type Session } from '../api';
import { isKey, type Key } from '../i18n';
import { Card, NoticeBox, dangerButtonClass, secondaryButtonClass, type Notice } from '../ui';
import { useLabels, useT } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';
import { Badges, flashOnList, fullName, listShownLast } from './shared';

/** One visitor account: its state, its sessions, and what an administrator may do to it. */
export function VisitorAccount({
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
  const queryClient = useQueryClient();
  const { data: result } = useQuery({
    queryKey: ['visitor', id],
    queryFn: () => adminApi.visitor(id),
  });
  const detail = result?.ok ? result.data : null;
  const missing =
    result && !(result.ok && result.data) ? result.message || t('common.unreachable') : '';
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { run, panel } = useStepUp(session, onSession);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  // What an action changed shows on the account, and on the list when it opens again.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['visitor', id] });
    void queryClient.invalidateQueries({ queryKey: ['visitors'] });
  };

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const back = (
    <p className="mb-4">
      <Link to={listShownLast()} className="underline underline-offset-4">
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
      reload();
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
                          flashOnList({ tone: 'success', text: message });
                          queryClient.removeQueries({ queryKey: ['visitors'] });
                          navigate(listShownLast());
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
