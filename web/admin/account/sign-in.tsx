import { checkCurrentPassword, checkEmail } from '../../shared/form-kit/validation';
import { adminApi, type Session } from '../api';
import { FormMessage, TextField, useStaffForm } from '../form';
import { Card, buttonClass } from '../ui';
import { useT } from '../shell/lang';
import { Link } from '../shell/navigation';

/**
 * The password step of signing in. With `enrolToken`, the token of the set-up link e-mailed to an
 * account without a second factor (read from after '#', so it never reaches a server log), the
 * sign-in starts setting one up: the password alone does not.
 */
export function SignIn({
  onSession,
  enrolToken,
}: {
  onSession: (session: Session) => void;
  enrolToken?: string;
}) {
  const { t } = useT();
  const form = useStaffForm({ email: '', password: '' }, (values) => ({
    email: checkEmail(values.email),
    password: checkCurrentPassword(values.password),
  }));

  const submit = form.onSubmit(async ({ email, password }) => {
    const result = await adminApi.login(email.trim(), password, enrolToken);
    if (result.ok && result.data) {
      // The link is spent: it leaves the address bar and the history.
      if (enrolToken) window.history.replaceState(null, '', '/admin/enrol');
      onSession(result.data);
    } else form.showResult(result, t('common.unreachable'));
  });

  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">
        {t(enrolToken ? 'signIn.enrolTitle' : 'signIn.title')}
      </h1>
      <p className="mb-6 text-ink-muted">{t(enrolToken ? 'signIn.enrolLead' : 'signIn.lead')}</p>
      <FormMessage form={form} />
      <form id={form.formId} onSubmit={submit} noValidate>
        <TextField
          form={form}
          name="email"
          label={t('account.email')}
          type="email"
          autoComplete="username"
          dir="ltr"
        />
        <TextField
          form={form}
          name="password"
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
        />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <button type="submit" className={buttonClass} disabled={form.busy}>
            {t('signIn.submit')}
          </button>
          {!enrolToken && (
            <Link to="/admin/forgot" className="underline underline-offset-4">
              {t('staffInvites.forgot')}
            </Link>
          )}
        </div>
      </form>
    </Card>
  );
}
