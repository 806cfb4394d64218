import { useState } from 'react';
import { checkConfirmation, checkEmail, checkNewPassword } from '../../shared/form-kit/validation';
import { adminApi } from '../api';
import { FormMessage, TextField, useStaffForm } from '../form';
import { Link, replaceWith } from '../shell/navigation';
import { Card, NoticeBox, buttonClass } from '../ui';
import { useT } from '../shell/lang';

function BackToSignIn() {
  const { t } = useT();
  return (
    <p className="mt-6">
      <Link to="/admin/login" className="underline underline-offset-4">
        {t('staffInvites.backToSignIn')}
      </Link>
    </p>
  );
}

/** Asking for a link to choose a new password: the answer is the same for any address. */
export function ForgotPassword() {
  const { t } = useT();
  const form = useStaffForm({ email: '' }, (values) => ({ email: checkEmail(values.email) }));
  const submit = form.onSubmit(async ({ email }) => {
    form.showResult(await adminApi.forgotPassword(email.trim()), t('common.unreachable'));
  });
  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{t('staffInvites.forgotTitle')}</h1>
      <p className="mb-6 text-ink-muted">{t('staffInvites.forgotLead')}</p>
      <form id={form.formId} onSubmit={submit} noValidate>
        <TextField
          form={form}
          name="email"
          label={t('account.email')}
          type="email"
          autoComplete="username"
          dir="ltr"
        />
        <button type="submit" className={buttonClass} disabled={form.busy}>
          {t('staffInvites.forgotSubmit')}
        </button>
      </form>
      <div className="mt-4">
        <FormMessage form={form} />
      </div>
      <BackToSignIn />
    </Card>
  );
}

/**
 * Choosing the new password, from the link e-mailed (its token after '#', so it never reaches a
 * server log). It signs no one in: signing in after it asks for the second factor as always.
 */
export function NewPassword() {
  const { t } = useT();
  const [token] = useState(() => window.location.hash.slice(1));
  const [done, setDone] = useState('');
  const form = useStaffForm({ password: '', confirmPassword: '' }, (values) => ({
    password: checkNewPassword(values.password),
    confirmPassword: checkConfirmation(values.confirmPassword, values.password),
  }));
  const submit = form.onSubmit(async (values) => {
    const result = await adminApi.resetPassword({ token, ...values });
    if (result.ok) {
      // The link is spent: it leaves the address bar and the history.
      replaceWith('/admin/password');
      setDone(result.message);
      return;
    }
    form.showResult(result, t('common.unreachable'));
  });
  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{t('staffInvites.newPasswordTitle')}</h1>
      {done ? (
        <NoticeBox notice={{ tone: 'success', text: done }} />
      ) : !token ? (
        <NoticeBox notice={{ tone: 'error', text: t('staffInvites.linkMissing') }} />
      ) : (
        <>
          <p className="mb-6 text-ink-muted">{t('staffInvites.newPasswordLead')}</p>
          <form id={form.formId} onSubmit={submit} noValidate>
            <TextField
              form={form}
              name="password"
              label={t('account.password')}
              type="password"
              autoComplete="new-password"
            />
            <TextField
              form={form}
              name="confirmPassword"
              label={t('account.confirmPassword')}
              type="password"
              autoComplete="new-password"
            />
            <button type="submit" className={buttonClass} disabled={form.busy}>
              {t('staffInvites.newPasswordSubmit')}
            </button>
          </form>
          <div className="mt-4">
            <FormMessage form={form} />
          </div>
        </>
      )}
      <BackToSignIn />
    </Card>
  );
}
