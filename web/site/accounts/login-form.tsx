import { useEffect, useState } from 'react';
import { Captcha } from '../forms/captcha';
import {
  Checkbox,
  EmailField,
  FormStatus,
  PasswordField,
  SubmitButton,
} from '../../shared/ui/form-controls';
import { flashToast, showToast, welcomeToast } from '../layout/toasts';
import { authNamespace } from '../../shared/i18n/i18n';
import { useLocalizedPath, usePage } from '../pages/page-context';
import type { User } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { post } from '../../shared/form-kit/api-client';
import { linkClass } from './auth-layout';
import { afterLoginPath } from './return-url';
import { useCaptcha } from '../../shared/form-kit/use-captcha';
import { useForm } from '../../shared/form-kit/use-form';
import { storeUser } from '../session/user-store';
import { checkCurrentPassword, checkEmail } from '../../shared/form-kit/validation';

type LoginValues = { email: string; password: string; rememberMe: boolean };

/** Fields a login failure may come with. */
type LoginFlags = { captchaRequired?: boolean; emailNotConfirmed?: boolean };

/** The longest wait the form counts down, whatever Retry-After says. */
const longestWait = 300;

/** Sends the credentials; the answer, failures included, goes to the caller as it came. */
export function login(credentials: {
  email: string;
  password: string;
  rememberMe: boolean;
  captcha: string;
}) {
  return post<User & LoginFlags>('/Website/Login', credentials);
}

export function LoginForm() {
  const { t } = useTranslation(authNamespace);
  const { site } = usePage();
  const localize = useLocalizedPath();
  const [captchaShown, setCaptchaShown] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [resending, setResending] = useState(false);
  // Seconds until the server will take another attempt, after it answered "busy" (503) or "too
  // many" (429) with Retry-After: the button waits with the visitor instead of being refused again.
  const [retryIn, setRetryIn] = useState(0);
  const captcha = useCaptcha();

  useEffect(() => {
    if (retryIn <= 0) return;
    const tick = window.setTimeout(() => setRetryIn((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [retryIn]);
  const form = useForm<LoginValues>({ email: '', password: '', rememberMe: false }, (values) => ({
    email: checkEmail(values.email),
    password: checkCurrentPassword(values.password),
  }));

  const submit = form.onSubmit(
    async (values) => {
      setUnconfirmed(false);
      const sentCaptcha = captchaShown ? captcha.token : '';
      const result = await login({
        email: values.email.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
        captcha: sentCaptcha,
      });
      if (result.ok && result.data) {
        const user = result.data;
        storeUser(user);
        const welcome = t('login.success', { name: user.firstName || user.fullName });
        showToast(welcome, { key: welcomeToast });
        flashToast(welcome, 'success', welcomeToast);
        window.location.assign(afterLoginPath(window.location.search, localize('/account')));
        return;
      }
      const flags: LoginFlags = result.data ?? {};
      if (flags.captchaRequired) {
        setCaptchaShown(true);
        if (sentCaptcha) captcha.spend(result.errors.captcha ?? '');
      } else if (sentCaptcha) {
        captcha.spend();
      }
      if (flags.emailNotConfirmed) setUnconfirmed(true);
      if ((result.status === 503 || result.status === 429) && result.retryAfter) {
        setRetryIn(Math.min(result.retryAfter, longestWait));
      }
      const { captcha: _captchaError, ...fieldErrors } = result.errors;
      form.showResult({ ...result, errors: fieldErrors }, t('forms:forms.failed'));
    },
    () => !captchaShown || captcha.check(),
  );

  const resend = async () => {
    setResending(true);
    const result = await post('/account/resend-confirmation', {
      email: form.values.email.trim(),
    });
    setResending(false);
    setUnconfirmed(false);
    form.showResult(result, t('forms:forms.failed'));
  };

  return (
    <form
      id={form.formId}
      noValidate
      onSubmit={submit}
      aria-busy={form.busy || undefined}
      className="space-y-5"
    >
      <FormStatus message={form.message} id={form.messageId}>
        {unconfirmed && (
          <button
            type="button"
            onClick={resend}
            disabled={resending}
            className="mt-2 font-semibold underline underline-offset-4"
          >
            {resending ? t('login.resendBusy') : t('login.resend')}
          </button>
        )}
      </FormStatus>
      <EmailField label={t('fields.email')} state={form.field('email')} {...form.input('email')} />
      <PasswordField
        label={t('fields.password')}
        state={form.field('password')}
        {...form.input('password')}
        autoComplete="current-password"
        required
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox
          id={`${form.field('rememberMe').id}`}
          name="rememberMe"
          checked={form.values.rememberMe}
          onChange={(event) => form.setValue('rememberMe', event.currentTarget.checked)}
          label={t('fields.rememberMe')}
        />
        <a href={localize('/auth/forgot-password')} className={`text-sm ${linkClass}`}>
          {t('login.forgot')}
        </a>
      </div>
      {captchaShown && (
        <Captcha
          onChange={captcha.onChange}
          error={captcha.error}
          errorId={captcha.errorId}
          resetKey={captcha.resetKey}
          disabled={form.busy}
        />
      )}
      <SubmitButton
        busy={form.busy}
        disabled={retryIn > 0}
        label={retryIn > 0 ? t('login.retryIn', { seconds: retryIn }) : t('login.submit')}
        busyLabel={t('login.busy')}
        className="w-full"
      />
      <p className="border-t border-line pt-5 text-center text-sm text-ink-muted">
        {t('login.noAccount', { name: site.shortName || site.name })}{' '}
        <a href={localize('/auth/register')} className={linkClass}>
          {t('login.register')}
        </a>
      </p>
    </form>
  );
}
