import { useState, type FormEvent } from 'react';
import type { ApiResult } from '../../shared/form-kit/api-client';
import {
  adminApi,
  createPasskey,
  passkeysAvailable,
  provePasskey,
  type Enrolled,
  type Session,
} from '../api';
import { QrCode } from './qr-code';
import {
  Card,
  Field,
  NoticeBox,
  buttonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useT } from '../shell/lang';
import { KeepCodes } from './keep-codes';

/** The one-time code field: an authenticator app's code, or a recovery code unless `numeric`. */
function CodeField({
  value,
  onChange,
  error,
  hint,
  numeric = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string;
  hint?: string;
  numeric?: boolean;
}) {
  const { t } = useT();
  return (
    <Field label={t('factor.code')} {...(hint ? { hint } : {})} error={error}>
      {(props) => (
        <input
          {...props}
          className={inputClass}
          name="code"
          autoComplete="one-time-code"
          inputMode={numeric ? 'numeric' : 'text'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** Asks for the second factor: a passkey, a TOTP code or a recovery code. */
export function SecondFactor({
  session,
  title,
  lead,
  onDone,
  onCancel,
}: {
  session: Session | null;
  title: string;
  lead: string;
  onDone: (session: Session) => void;
  onCancel?: () => void;
}) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const hasPasskey = (session?.factors.passkeys ?? 0) > 0 && passkeysAvailable();

  const passkey = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const result = await provePasskey();
      if (result.ok && result.data) onDone(result.data);
      else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
    } catch {
      setNotice({ tone: 'error', text: t('factor.passkeyCancelled') });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('form.required'));
      return;
    }
    setBusy(true);
    const result = await adminApi.confirmCode(code);
    setBusy(false);
    if (result.ok && result.data) {
      onDone(result.data);
      return;
    }
    setError(result.errors.code ?? '');
    setNotice(
      result.errors.code
        ? null
        : { tone: 'error', text: result.message || t('common.unreachable') },
    );
  };

  return (
    <Card>
      <h2 className="mb-2 text-xl font-semibold">{title}</h2>
      <p className="mb-4 text-ink-muted">{lead}</p>
      <NoticeBox notice={notice} />
      {hasPasskey && (
        <p className="mb-4">
          <button type="button" className={buttonClass} onClick={passkey} disabled={busy}>
            {t('factor.usePasskey')}
          </button>
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <CodeField
          value={code}
          hint={t('factor.codeHint')}
          error={error}
          onChange={(value) => {
            setCode(value);
            setError('');
          }}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            className={hasPasskey ? secondaryButtonClass : buttonClass}
            disabled={busy}
          >
            {t('common.confirm')}
          </button>
          {onCancel && (
            <button type="button" className={secondaryButtonClass} onClick={onCancel}>
              {t('common.cancel')}
            </button>
          )}
        </div>
      </form>
    </Card>
  );
}

/** Sets up the first (or another) second factor: a passkey first, an authenticator app otherwise. */
export function Enrol({
  onEnrolled,
  title,
  lead,
  guard = async (action, after) => after(await action()),
  onCancel,
}: {
  onEnrolled: (result: Enrolled) => void;
  title?: string;
  lead?: string;
  /** Runs each call to the server: the security screen asks for the second factor again first. */
  guard?: <T>(
    action: () => Promise<ApiResult<T>>,
    after: (result: ApiResult<T>) => void,
  ) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useT();
  const [app, setApp] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const passkey = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await guard(createPasskey, (result) => {
        if (result.ok && result.data) onEnrolled(result.data);
        else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
      });
    } catch {
      setNotice({ tone: 'error', text: t('factor.passkeyCancelled') });
    } finally {
      setBusy(false);
    }
  };

  const startApp = async () => {
    setBusy(true);
    await guard(adminApi.totpOptions, (result) => {
      if (result.ok && result.data) setApp(result.data);
      else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
    });
    setBusy(false);
  };

  const finishApp = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('form.required'));
      return;
    }
    setBusy(true);
    await guard(
      () => adminApi.enrolTotp(code),
      (result) => {
        if (result.ok && result.data) onEnrolled(result.data);
        else {
          setError(result.errors.code ?? '');
          setNotice(
            result.errors.code
              ? null
              : { tone: 'error', text: result.message || t('common.unreachable') },
          );
        }
      },
    );
    setBusy(false);
  };

  return (
    <Card>
      <h2 className="mb-2 text-xl font-semibold">{title ?? t('enrol.title')}</h2>
      <p className="mb-4 text-ink-muted">{lead ?? t('enrol.lead')}</p>
      <NoticeBox notice={notice} />
      {!app && (
        <div className="flex flex-wrap gap-3">
          {passkeysAvailable() && (
            <button type="button" className={buttonClass} onClick={passkey} disabled={busy}>
              {t('enrol.createPasskey')}
            </button>
          )}
          <button type="button" className={secondaryButtonClass} onClick={startApp} disabled={busy}>
            {t('enrol.useApp')}
          </button>
          {onCancel && (
            <button type="button" className={secondaryButtonClass} onClick={onCancel}>
              {t('common.cancel')}
            </button>
          )}
        </div>
      )}
      {app && (
        <form onSubmit={finishApp} noValidate>
          <h3 className="mb-2 text-lg font-semibold">{t('enrol.appTitle')}</h3>
          <p className="mb-4">{t('enrol.appLead')}</p>
          <div className="mb-4 flex flex-wrap items-center gap-6">
            <QrCode text={app.uri} label={t('enrol.qrLabel')} />
            <div className="min-w-0">
              <p className="font-semibold">{t('enrol.appKey')}</p>
              <p className="font-mono break-all" dir="ltr" data-totp-secret>
                {app.secret}
              </p>
            </div>
          </div>
          <CodeField
            value={code}
            numeric
            error={error}
            onChange={(value) => {
              setCode(value);
              setError('');
            }}
          />
          <button type="submit" className={buttonClass} disabled={busy}>
            {t('enrol.submit')}
          </button>
        </form>
      )}
    </Card>
  );
}

/** Shows the recovery codes once. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useT();
  return (
    <Card>
      <h2 className="mb-2 text-xl font-semibold">{t('enrol.codesTitle')}</h2>
      <p className="mb-4 text-ink-muted">{t('enrol.codesLead')}</p>
      <ul
        className="mb-6 grid grid-cols-2 gap-2 font-mono"
        dir="ltr"
        aria-label={t('enrol.codesTitle')}
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-surface px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <KeepCodes codes={codes} />
      <button type="button" className={`${buttonClass} print:hidden`} onClick={onDone}>
        {t('enrol.codesDone')}
      </button>
    </Card>
  );
}
