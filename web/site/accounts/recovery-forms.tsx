import { useSyncExternalStore } from 'react';
import { Captcha } from '../forms/captcha';
import { EmailField, FormShell, SubmitButton, TextField } from '../../shared/ui/form-controls';
import { flashToast } from '../layout/toasts';
import { authNamespace } from '../../shared/i18n/i18n';
import { useLocalizedPath } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { post, postForm } from '../../shared/form-kit/api-client';
import { linkClass } from './auth-layout';
import { useCaptcha } from '../../shared/form-kit/use-captcha';
import { useForm } from '../../shared/form-kit/use-form';
import { NewPasswordFields } from './account-fields';
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
} from '../../shared/form-kit/validation';
import { useBrowserValue } from '../islands/browser-value';

/** Where the verified code's token waits for the reset page: this tab only, never the URL. */
export const resetStorageKey = 'passwordReset';

type ResetTicket = { email: string; token: string };

function readTicket(): ResetTicket | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(resetStorageKey) ?? 'null',
    ) as Partial<ResetTicket> | null;
    return value && typeof value.email === 'string' && typeof value.token === 'string'
      ? { email: value.email, token: value.token }
      : null;
  } catch {
    return null;
  }
}

function BackToLogin() {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  return (
    <p className="border-t border-line pt-5 text-center text-sm">
      <a href={localize('/auth/login')} className={linkClass}>
        {t('forgot.back')}
      </a>
    </p>
  );
}

/** Step 1: the e-mail address (and a captcha); the server mails a 6-digit code. */
export function ForgotPasswordForm() {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const captcha = useCaptcha();
  const form = useForm({ email: '' }, (v) => ({ email: checkEmail(v.email) }));

  const submit = form.onSubmit(
    async (values) => {
      const email = values.email.trim();
      const result = await postForm('/ApplicationUser/ForgetPassword', {
        email,
        captcha: captcha.token,
      });
      if (result.ok) {
        if (result.message) flashToast(result.message, 'info');
        window.location.assign(
          `${localize('/auth/verify-code')}?email=${encodeURIComponent(email)}`,
        );
        return;
      }
      const { captcha: captchaError, ...fieldErrors } = result.errors;
      if (Object.keys(fieldErrors).length === 0 || captchaError) captcha.spend(captchaError ?? '');
      form.showResult({ ...result, errors: fieldErrors }, t('forms:forms.failed'));
    },
    () => captcha.check(),
  );

  return (
    <FormShell form={form} onSubmit={submit}>
      <EmailField label={t('fields.email')} state={form.field('email')} {...form.input('email')} />
      <Captcha
        onChange={captcha.onChange}
        error={captcha.error}
        errorId={captcha.errorId}
        resetKey={captcha.resetKey}
        disabled={form.busy}
      />
      <SubmitButton
        busy={form.busy}
        label={t('forgot.submit')}
        busyLabel={t('forgot.busy')}
        className="w-full"
      />
      <BackToLogin />
    </FormShell>
  );
}

const emailFromAddress = () => new URLSearchParams(window.location.search).get('email') ?? '';

/** The e-mail address the previous step put in the address (?email=), read after hydration. */
export function useEmailFromAddress(): string {
  return useBrowserValue(emailFromAddress) ?? '';
}

/** Step 2: the code from the e-mail; a right code gives a token for the next step. */
export function VerifyCodeForm({ email }: { email: string }) {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const form = useForm({ email, code: '' }, (v) => ({
    email: checkEmail(v.email),
    code: checkCode(v.code),
  }));

  const submit = form.onSubmit(async (values) => {
    const address = values.email.trim();
    const result = await postForm<{ token?: string }>('/ApplicationUser/VerifyCode', {
      email: address,
      code: values.code.trim(),
    });
    if (result.ok && result.data?.token) {
      try {
        sessionStorage.setItem(
          resetStorageKey,
          JSON.stringify({ email: address, token: result.data.token }),
        );
      } catch {
        // Without session storage the reset page asks for a new code.
      }
      window.location.assign(localize('/auth/reset-password'));
      return;
    }
    form.showResult(result, t('forms:forms.failed'));
  });

  return (
    <FormShell form={form} onSubmit={submit}>
      <EmailField label={t('fields.email')} state={form.field('email')} {...form.input('email')} />
      <TextField
        label={t('fields.code')}
        state={form.field('code')}
        {...form.input('code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        dir="ltr"
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        required
      />
      <SubmitButton
        busy={form.busy}
        label={t('verify.submit')}
        busyLabel={t('verify.busy')}
        className="w-full"
      />
      <p className="text-center text-sm text-ink-muted">
        {t('verify.noCode')}{' '}
        <a href={localize('/auth/forgot-password')} className={linkClass}>
          {t('verify.again')}
        </a>
      </p>
      <BackToLogin />
    </FormShell>
  );
}

const unknownTicket = () => undefined;
let ticketRaw: string | null | undefined;
let ticketValue: ResetTicket | null = null;
function ticketSnapshot(): ResetTicket | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(resetStorageKey);
  } catch {
    raw = null;
  }
  if (raw !== ticketRaw) {
    ticketRaw = raw;
    ticketValue = readTicket();
  }
  return ticketValue;
}

/**
 * The reset ticket left by the verify step: undefined until the browser has read it (on the
 * server and while hydrating), null when there is none.
 */
export function useResetTicket(): ResetTicket | null | undefined {
  return useSyncExternalStore<ResetTicket | null | undefined>(
    () => () => {},
    ticketSnapshot,
    unknownTicket,
  );
}

/** Step 3: the new password, with the token of the verified code. */
export function ResetPasswordForm({ ticket }: { ticket: ResetTicket }) {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const form = useForm({ newPassword: '', confirmPassword: '' }, (v) => ({
    newPassword: checkNewPassword(v.newPassword, [ticket.email]),
    confirmPassword: checkConfirmation(v.confirmPassword, v.newPassword),
  }));

  const submit = form.onSubmit(async (values) => {
    const result = await post('/ApplicationUser/ResetPassword', {
      email: ticket.email,
      token: ticket.token,
      newPassword: values.newPassword,
      confirmPassword: values.confirmPassword,
    });
    if (result.ok) {
      try {
        sessionStorage.removeItem(resetStorageKey);
      } catch {
        // Nothing kept.
      }
      flashToast(result.message || t('reset.done'));
      window.location.assign(localize('/auth/login'));
      return;
    }
    form.showResult(result, t('forms:forms.failed'));
  });

  return (
    <FormShell form={form} onSubmit={submit}>
      {/* Lets password managers file the new password under the right account. */}
      <input
        type="email"
        name="email"
        value={ticket.email}
        autoComplete="username"
        readOnly
        hidden
      />
      <NewPasswordFields form={form} name="newPassword" label={t('fields.newPassword')} />
      <SubmitButton
        busy={form.busy}
        label={t('reset.submit')}
        busyLabel={t('reset.busy')}
        className="w-full"
      />
      <BackToLogin />
    </FormShell>
  );
}
