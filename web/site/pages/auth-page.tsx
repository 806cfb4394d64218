import { AuthCard, linkClass } from '../accounts/auth-layout';
import { ConfirmEmail } from '../accounts/confirm-email';
import { LoginForm } from '../accounts/login-form';
import {
  ForgotPasswordForm,
  ResetPasswordForm,
  useEmailFromAddress,
  useResetTicket,
  VerifyCodeForm,
} from '../accounts/recovery-forms';
import { RegisterForm } from '../accounts/register-form';
import { Spinner } from '../../shared/ui/spinner';
import { authNamespace } from '../../shared/i18n/i18n';
import { useLocalizedPath, usePage } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

function VerifyCodePage() {
  const { t } = useTranslation(authNamespace);
  const email = useEmailFromAddress();
  return (
    <AuthCard intro={email ? t('verify.intro', { email }) : t('verify.introNoEmail')}>
      {/* Mounted again once the address's e-mail is known, so the field starts with it. */}
      <VerifyCodeForm key={email} email={email} />
    </AuthCard>
  );
}

function ResetPasswordPage() {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const ticket = useResetTicket();
  if (ticket === undefined) {
    return (
      <AuthCard>
        <p className="flex items-center gap-3 text-ink-muted">
          <Spinner className="size-5" />
          {t('reset.loading')}
        </p>
      </AuthCard>
    );
  }
  if (ticket === null) {
    return (
      <AuthCard intro={t('reset.missing')}>
        <a
          href={localize('/auth/forgot-password')}
          className="inline-flex w-full items-center justify-center rounded-md bg-brand px-5 py-2.5 text-sm font-semibold text-on-brand hover:bg-brand-hover"
        >
          {t('reset.requestCode')}
        </a>
        <p className="mt-5 text-center text-sm">
          <a href={localize('/auth/login')} className={linkClass}>
            {t('forgot.back')}
          </a>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard intro={t('reset.intro', { email: ticket.email })}>
      <ResetPasswordForm ticket={ticket} />
    </AuthCard>
  );
}

/** The login, registration, password recovery and e-mail confirmation pages, by kind. */
export default function AuthPage() {
  const { t } = useTranslation(authNamespace);
  const { page } = usePage();
  switch (page.kind) {
    case 'register':
      return (
        <AuthCard intro={t('register.intro')} wide>
          <RegisterForm />
        </AuthCard>
      );
    case 'forgot-password':
      return (
        <AuthCard intro={t('forgot.intro')}>
          <ForgotPasswordForm />
        </AuthCard>
      );
    case 'verify-code':
      return <VerifyCodePage />;
    case 'reset-password':
      return <ResetPasswordPage />;
    case 'confirm-email':
      return (
        <AuthCard>
          <ConfirmEmail />
        </AuthCard>
      );
    default:
      return (
        <AuthCard intro={t('login.intro')}>
          <LoginForm />
        </AuthCard>
      );
  }
}
