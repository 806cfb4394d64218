import { useState, type FormEvent } from 'react';
import { adminApi, type Session } from './api';
import { Card, Field, NoticeBox, buttonClass, inputClass, useT, type Notice } from './ui';

/** The password step of signing in. */
export function SignIn({ onSession }: { onSession: (session: Session) => void }) {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = t('required');
    if (!password) missing.password = t('required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const result = await adminApi.login(email, password);
    setBusy(false);
    if (result.ok && result.data) {
      onSession(result.data);
      return;
    }
    setErrors(result.errors);
    setNotice({ tone: 'error', text: result.message || t('unreachable') });
  };

  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{t('signInTitle')}</h1>
      <p className="mb-6 text-ink-muted">{t('signInLead')}</p>
      <NoticeBox notice={notice} />
      <form onSubmit={submit} noValidate>
        <Field label={t('email')} error={errors.email}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              type="email"
              name="email"
              autoComplete="username"
              dir="ltr"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('password')} error={errors.password}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass} disabled={busy}>
          {t('signIn')}
        </button>
      </form>
    </Card>
  );
}
