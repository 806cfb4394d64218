import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, passkeysAvailable, type Enrolled, type Session } from '../api';
import { Enrol, RecoveryCodes } from './factor';
import { useStepUp } from './step-up';
import {
  Card,
  NoticeBox,
  buttonClass,
  dangerButtonClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useLabels, useT } from '../shell/lang';
import { Link } from '../shell/navigation';

/**
 * The signed-in staff member's own second factors: passkeys, the authenticator app and the
 * recovery codes. Adding, removing and new codes ask for the second factor again when it was
 * last proven more than ten minutes ago; the server keeps the last factor from being removed.
 */
export function Security({
  session,
  onSession,
}: {
  session: Session;
  onSession: (session: Session) => void;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const { data: loaded } = useQuery({ queryKey: ['factors'], queryFn: () => adminApi.factors() });
  const factors = loaded?.ok ? loaded.data : null;
  const [said, setNotice] = useState<Notice>(null);
  const notice: Notice =
    loaded && !factors ? { tone: 'error', text: loaded.message || t('common.unreachable') } : said;
  const [codes, setCodes] = useState<string[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const { run, panel } = useStepUp(session, onSession);

  // What an action changed: the factors are loaded again.
  const load = () => queryClient.invalidateQueries({ queryKey: ['factors'] });
  const { when } = useLabels();

  const changed = async (result: { ok: boolean; message: string; data: Session | null }) => {
    setNotice({
      tone: result.ok ? 'success' : 'error',
      text: result.message || t('common.unreachable'),
    });
    if (result.ok && result.data) onSession(result.data);
    await load();
  };

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const removePasskey = (id: string) => act(() => run(() => adminApi.removePasskey(id), changed));
  const removeApp = () => act(() => run(adminApi.removeTotp, changed));
  const renewCodes = () =>
    act(() =>
      run(adminApi.renewRecoveryCodes, async (result) => {
        if (result.ok && result.data) {
          onSession(result.data.session);
          setCodes(result.data.recoveryCodes);
          setNotice(null);
          await load();
        } else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
      }),
    );
  const added = async (result: Enrolled) => {
    onSession(result.session);
    setAdding(false);
    setNotice({ tone: 'success', text: t('security.factorAddedNotice') });
    await load();
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  const canAddPasskey = factors !== null && !factors.passkeysOff && passkeysAvailable();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="mb-2 text-2xl font-semibold">{t('security.title')}</h1>
        <p className="text-ink-muted">{t('security.lead')}</p>
        <p className="mt-2">
          <Link to="/admin/notifications/settings" className="underline underline-offset-4">
            {t('notifications.settings.title')}
          </Link>
        </p>
      </div>
      {panel}
      <NoticeBox notice={notice} />
      {factors === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <Card>
            <h2 className="mb-3 text-xl font-semibold">{t('security.passkeysTitle')}</h2>
            {factors.passkeys.length === 0 ? (
              <p className="mb-4">{t('security.noPasskeys')}</p>
            ) : (
              <ul className="mb-4 grid gap-3" data-passkeys>
                {factors.passkeys.map((key) => (
                  <li
                    key={key.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3"
                  >
                    <div>
                      <p className="font-semibold">
                        {t('security.passkeyAdded', { date: when(key.createdAt) })}
                      </p>
                      <p className="text-sm text-ink-muted">
                        {key.lastUsedAt
                          ? t('security.passkeyUsed', { date: when(key.lastUsedAt) })
                          : t('security.passkeyNeverUsed')}
                      </p>
                    </div>
                    <button
                      type="button"
                      className={dangerButtonClass}
                      disabled={busy}
                      aria-label={t('security.removePasskeyLabel', { date: when(key.createdAt) })}
                      onClick={() => void removePasskey(key.id)}
                    >
                      {t('security.removePasskey')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {factors.passkeysOff && (
              <p className="text-ink-muted">{t('security.passkeysOffHere')}</p>
            )}
          </Card>
          <Card>
            <h2 className="mb-3 text-xl font-semibold">{t('enrol.appTitle')}</h2>
            <p className="mb-4" data-app-status>
              {factors.totp ? t('security.appStatusOn') : t('security.appStatusOff')}
            </p>
            {factors.totp && (
              <button
                type="button"
                className={dangerButtonClass}
                disabled={busy}
                onClick={() => void removeApp()}
              >
                {t('security.removeApp')}
              </button>
            )}
          </Card>
          <Card>
            <h2 className="mb-3 text-xl font-semibold">{t('security.codesSection')}</h2>
            <p className="mb-1">{t('security.codesLeft', { left: factors.recoveryCodesLeft })}</p>
            <p className="mb-4 text-sm text-ink-muted">{t('security.codesRenewNote')}</p>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => void renewCodes()}
            >
              {t('security.codesRenew')}
            </button>
          </Card>
          {adding ? (
            <Enrol
              title={t('security.addFactorTitle')}
              lead={t('security.addFactorLead')}
              guard={run}
              onEnrolled={(result) => void added(result)}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <p>
              <button type="button" className={buttonClass} onClick={() => setAdding(true)}>
                {canAddPasskey
                  ? t('security.addFactorTitle')
                  : factors.totp
                    ? t('security.replaceApp')
                    : t('security.addApp')}
              </button>
            </p>
          )}
        </>
      )}
    </div>
  );
}
