import { useEffect, useRef, useState } from 'react';
import { EmailField, FormStatus, Spinner, SubmitButton } from '../components/form-controls';
import { authNamespace } from '../i18n';
import { useLocalizedPath } from '../page-context';
import { useTranslation } from '../translation';
import { post } from './api-client';
import { linkClass } from './auth-layout';
import { useForm } from './use-form';
import { checkEmail } from './validation';

type Outcome = { state: 'confirming' } | { state: 'confirmed' | 'invalid'; message: string };

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

/**
 * The landing page of the confirmation link: it confirms on arrival (a POST, so a mail
 * scanner's GET confirms nothing) and says how it went.
 */
export function ConfirmEmail() {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });
  const result = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = tokenFromPath(window.location.pathname);
    const confirm = token
      ? post(`/ApplicationUser/ConfirmEmail/${encodeURIComponent(token)}`)
      : Promise.resolve({ ok: false, message: '', status: 400 });
    void confirm.then((answer) => {
      setOutcome(
        answer.ok
          ? { state: 'confirmed', message: answer.message || t('confirm.confirmed') }
          : {
              state: 'invalid',
              message:
                answer.status === 0
                  ? t('forms:forms.unreachable')
                  : answer.message || t('confirm.invalid'),
            },
      );
    });
  }, [t]);

  useEffect(() => {
    if (outcome.state !== 'confirming') result.current?.focus();
  }, [outcome.state]);

  return (
    <div>
      <div ref={result} tabIndex={-1} role="status" className="outline-none">
        {outcome.state === 'confirming' ? (
          <p className="flex items-center gap-3 text-ink-muted">
            <Spinner className="size-5" />
            {t('confirm.confirming')}
          </p>
        ) : (
          <div
            className={`rounded-md border p-4 font-medium ${
              outcome.state === 'confirmed'
                ? 'border-accent/40 bg-accent-soft text-accent'
                : 'border-danger/40 bg-danger-soft text-danger'
            }`}
          >
            {outcome.message}
          </div>
        )}
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
