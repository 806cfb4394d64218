import { type FormEvent, useEffect, useRef, useState } from 'react';
import { EmailField, FormShell, FormStatus, SubmitButton } from '../../shared/ui/form-controls';
import { authNamespace } from '../../shared/i18n/i18n';
import { useLocalizedPath } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { NewPasswordFields } from './account-fields';
import { type ApiResult, post } from '../../shared/form-kit/api-client';
import { linkClass } from './auth-layout';
import { useForm } from '../../shared/form-kit/use-form';
import { checkConfirmation, checkEmail, checkNewPassword } from '../../shared/form-kit/validation';

type Outcome = { state: 'ready' } | { state: 'confirmed' | 'invalid'; message: string };

/** The token of /auth/confirm-email/{token}, in any language prefix. */
export function tokenFromPath(pathname: string): string {
  const match = /\/auth\/confirm-email\/([^/?#]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

function ResendConfirmation() {
  const { t } = useTranslation(authNamespace);
  const form = useForm({ email: '' }, (v) => ({ email: checkEmail(v.email) }));
  const submit = form.onSubmit(async (values) => {
    const result = await post('/account/resend-confirmation', { email: values.email.trim() });
    form.showResult(result, t('forms:forms.failed'));
  });
  return (
    <form
      id={form.formId}
      noValidate
      onSubmit={submit}
      aria-busy={form.busy || undefined}
      className="mt-6 space-y-5 border-t border-line pt-6"
    >
      <p className="text-sm text-ink-muted">{t('confirm.resendIntro')}</p>
      <FormStatus message={form.message} id={form.messageId} />
      <EmailField label={t('fields.email')} state={form.field('email')} {...form.input('email')} />
      <SubmitButton
        busy={form.busy}
        label={t('confirm.resend')}
        busyLabel={t('confirm.resendBusy')}
        className="w-full"
      />
    </form>
  );
}

/** The answer of a confirmation: done, refused, or the password to choose first. */
function outcomeOf(
  answer: ApiResult,
  t: (key: string) => string,
): Outcome | { state: 'choose'; message: string } {
  if (answer.ok) return { state: 'confirmed', message: answer.message || t('confirm.confirmed') };
  if ((answer.data as { choosePassword?: boolean } | null)?.choosePassword) {
    return { state: 'choose', message: answer.message };
  }
  return {
    state: 'invalid',
    message:
      answer.status === 0 ? t('forms:forms.unreachable') : answer.message || t('confirm.invalid'),
  };
}

/** The password form of an address registered more than once before it was confirmed. */
function ChoosePassword({
  token,
  intro,
  onDone,
}: {
  token: string;
  intro: string;
  onDone: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation(authNamespace);
  const form = useForm({ newPassword: '', confirmPassword: '' }, (v) => ({
    newPassword: checkNewPassword(v.newPassword, []),
    confirmPassword: checkConfirmation(v.confirmPassword, v.newPassword),
  }));
  const submit = form.onSubmit(async (values) => {
    const answer = await post(`/ApplicationUser/ConfirmEmail/${encodeURIComponent(token)}`, {
      newPassword: values.newPassword,
      confirmPassword: values.confirmPassword,
    });
    const next = outcomeOf(answer, t);
    if (next.state === 'choose') form.showResult(answer, t('forms:forms.failed'));
    else onDone(next);
  });
  return (
    <FormShell form={form} onSubmit={submit}>
      <p className="text-ink-muted">{intro}</p>
      <NewPasswordFields form={form} name="newPassword" label={t('fields.newPassword')} />
      <SubmitButton
        busy={form.busy}
        label={t('confirm.submit')}
        busyLabel={t('confirm.confirming')}
        className="w-full"
      />
    </FormShell>
  );
}

/**
 * The landing page of the confirmation link. Opening it confirms nothing (a mail scanner that
 * runs scripts opens it too): the person confirms with the button, and chooses the password
 * first when the address was registered more than once.
 */
export function ConfirmEmail() {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const [outcome, setOutcome] = useState<Outcome | { state: 'choose'; message: string }>({
    state: 'ready',
  });
  const [busy, setBusy] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const token = tokenFromPath(window.location.pathname);
    setBusy(true);
    const answer = token
      ? await post(`/ApplicationUser/ConfirmEmail/${encodeURIComponent(token)}`)
      : { ok: false, message: '', status: 400, data: null, errors: {} };
    setBusy(false);
    setOutcome(outcomeOf(answer as ApiResult, t));
  };

  useEffect(() => {
    if (outcome.state !== 'ready') result.current?.focus();
  }, [outcome.state]);

  if (outcome.state === 'ready') {
    return (
      <form onSubmit={(e) => void confirm(e)} aria-busy={busy || undefined} className="space-y-5">
        <p className="text-ink-muted">{t('confirm.intro')}</p>
        <SubmitButton
          busy={busy}
          label={t('confirm.submit')}
          busyLabel={t('confirm.confirming')}
          className="w-full"
        />
      </form>
    );
  }

  if (outcome.state === 'choose') {
    return (
      <div ref={result} tabIndex={-1} className="outline-none">
        <ChoosePassword
          token={tokenFromPath(window.location.pathname)}
          intro={outcome.message || t('confirm.choose')}
          onDone={setOutcome}
        />
      </div>
    );
  }

  return (
    <div>
      <div ref={result} tabIndex={-1} role="status" className="outline-none">
        <div
          className={`rounded-md border p-4 font-medium ${
            outcome.state === 'confirmed'
              ? 'border-accent/40 bg-accent-soft text-accent'
              : 'border-danger/40 bg-danger-soft text-danger'
          }`}
        >
          {outcome.message}
        </div>
      </div>
      {outcome.state === 'confirmed' && (
        <p className="mt-6">
          <a
            href={localize('/auth/login')}
            className="inline-flex w-full items-center justify-center rounded-md bg-brand px-5 py-2.5 text-sm font-semibold text-on-brand hover:bg-brand-hover"
          >
            {t('confirm.toLogin')}
          </a>
        </p>
      )}
      {outcome.state === 'invalid' && <ResendConfirmation />}
      {outcome.state === 'invalid' && (
        <p className="mt-5 text-center text-sm">
          <a href={localize('/auth/login')} className={linkClass}>
            {t('forgot.back')}
          </a>
        </p>
      )}
    </div>
  );
}
