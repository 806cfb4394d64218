import { useEffect, useState, type FormEvent } from 'react';
import { adminApi, type Session } from './api';
import { isKey } from './strings';
import { Card, Field, NoticeBox, buttonClass, inputClass, useT, type Notice } from './ui';

/**
 * Accepting an invitation: the link carries its token after '#', so it never reaches a server
 * log or a Referer header; this page sends it in a request body.
 */
export function Join({ onSession }: { onSession: (session: Session) => void }) {
  const { t } = useT();
  const [token] = useState(() => window.location.hash.slice(1));
  const [invitation, setInvitation] = useState<{ email: string; role: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(
    token ? null : { tone: 'error', text: t('invitationMissing') },
  );
  const [values, setValues] = useState({ name: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    adminApi.invitation(token).then((result) => {
      if (!live) return;
      if (result.ok && result.data) setInvitation(result.data);
      else setNotice({ tone: 'error', text: result.message || t('unreachable') });
    });
    return () => {
      live = false;
    };
    // The token is read once; the language may change the message, not the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const name of ['name', 'password', 'confirmPassword'] as const) {
      if (!values[name]) missing[name] = t('required');
    }
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const result = await adminApi.join({ token, ...values });
    setBusy(false);
    if (result.ok && result.data) {
      // The token is spent: it leaves the address bar and the history.
      window.history.replaceState(null, '', '/admin/join');
      onSession(result.data);
      return;
    }
    setErrors(result.errors);
    setNotice({ tone: 'error', text: result.message || t('unreachable') });
  };

  const roleKey = `role_${invitation?.role ?? ''}`;
  const field = (name: keyof typeof values, label: string, type: string, autoComplete: string) => (
    <Field label={label} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          className={inputClass}
          type={type}
          name={name}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{t('joinTitle')}</h1>
      <NoticeBox notice={notice} />
      {invitation && (
        <>
          <p className="mb-4 text-ink-muted">
            {t('joinLead', { role: isKey(roleKey) ? t(roleKey) : invitation.role })}
          </p>
          <p className="mb-4">
            <span className="font-semibold">{t('joinAs')}: </span>
            <span dir="ltr">{invitation.email}</span>
          </p>
          <form onSubmit={submit} noValidate>
            {field('name', t('name'), 'text', 'name')}
            {field('password', t('password'), 'password', 'new-password')}
            {field('confirmPassword', t('confirmPassword'), 'password', 'new-password')}
            <button type="submit" className={buttonClass} disabled={busy}>
              {t('join')}
            </button>
          </form>
        </>
      )}
    </Card>
  );
}
