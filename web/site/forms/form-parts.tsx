import type { FormEventHandler, ReactNode } from 'react';
import { linkClass } from '../accounts/auth-layout';
import type { FormApi } from '../../shared/form-kit/use-form';
import type { CaptchaState } from '../../shared/form-kit/use-captcha';
import { Captcha } from './captcha';
import { fillNodes } from '../content/fill-nodes';
import {
  buttonClass,
  EmailField,
  FieldError,
  FormShell,
  PhoneField,
  SubmitButton,
  TextField,
} from '../../shared/ui/form-controls';
import { CheckIcon } from '../../shared/ui/icons';
import { formsNamespace } from '../../shared/i18n/i18n';
import type { User } from '../pages/page-props';
import { useLocalizedPath, usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { formLimits } from './rules';

/** The privacy-policy route every consent box links to. */
export const privacyRoute = '/policy';

/**
 * A form's frame on a content page: a card with its heading and a line on what happens next.
 * `id` is the anchor other links on the page point at ("Apply", "Register").
 */
export function FormPanel({
  id,
  title,
  intro,
  children,
  className = '',
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-24 rounded-card border border-line bg-raised p-5 shadow-sm sm:p-8 ${className}`}
    >
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {title}
      </h2>
      {intro && <p className="mt-2 leading-relaxed text-ink-muted">{intro}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

type ConsentValues = { consent: boolean } & Record<string, string | boolean>;

/** The box that agrees to the privacy policy, which every form requires. */
export function ConsentField<V extends ConsentValues>({ form }: { form: FormApi<V> }) {
  const { t } = useTranslation(formsNamespace);
  const localize = useLocalizedPath();
  const { site } = usePage();
  const state = form.field('consent');
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={state.id}
          name="consent"
          type="checkbox"
          checked={form.values.consent}
          onChange={(event) => {
            form.setValue('consent', event.currentTarget.checked as V['consent']);
            form.touch('consent');
          }}
          aria-invalid={state.invalid || undefined}
          aria-describedby={state.error ? state.errorId : undefined}
          required
          className="mt-0.5 size-5 shrink-0 rounded border-line-strong accent-brand"
        />
        <label htmlFor={state.id} className="text-sm leading-relaxed text-ink">
          {fillNodes(t('site.consent'), {
            name: site.name,
            policy: (
              <a href={localize(privacyRoute)} target="_blank" rel="noopener" className={linkClass}>
                {t('site.privacyPolicy')}
                <span className="sr-only"> ({t('site.opensInNewTab')})</span>
              </a>
            ),
          })}
          <span aria-hidden="true" className="ms-0.5 text-danger">
            *
          </span>
        </label>
      </div>
      <FieldError state={state} />
    </div>
  );
}

/** The captcha of a site form, wired to its state. */
export function FormCaptcha({ captcha, busy }: { captcha: CaptchaState; busy: boolean }) {
  return (
    <Captcha
      onChange={captcha.onChange}
      error={captcha.error}
      errorId={captcha.errorId}
      resetKey={captcha.resetKey}
      disabled={busy}
    />
  );
}

/** A line under the fields: what the star means. */
export function RequiredNote() {
  const { t } = useTranslation(formsNamespace);
  return (
    <p className="text-sm text-ink-muted">
      {fillNodes(t('site.requiredNote'), {
        star: (
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        ),
      })}
    </p>
  );
}

/**
 * What a form turns into once sent: a status that takes focus, says what happens next and,
 * where it makes sense, offers to send another.
 */
export function FormDone({
  id,
  title,
  message,
  children,
  onAgain,
  againLabel,
}: {
  id: string;
  title: string;
  message: string;
  children?: ReactNode;
  onAgain?: () => void;
  againLabel?: string;
}) {
  return (
    <div
      id={id}
      role="status"
      tabIndex={-1}
      className="rounded-card border border-accent/40 bg-accent-soft p-5 text-ink outline-none sm:p-6"
    >
      <div className="flex items-start gap-3">
        <CheckIcon className="mt-0.5 size-7 shrink-0 text-accent" />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="mt-1.5 leading-relaxed">{message}</p>
          {children}
          {onAgain && againLabel && (
            <button type="button" onClick={onAgain} className={buttonClass('secondary', 'mt-4')}>
              {againLabel}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

type PersonValues = { name: string; email: string } & Record<string, string | boolean>;
type Need = 'required' | 'optional';

/**
 * Who is writing: name and e-mail always, then phone, company and job title where the form asks
 * for them, in a two-column grid that `children` (more fields) continue.
 */
export function PersonFields<V extends PersonValues>({
  form,
  phone,
  company,
  jobTitle = false,
  children,
}: {
  form: FormApi<V>;
  phone?: Need;
  company?: Need;
  jobTitle?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(formsNamespace);
  // Only the names the props ask for are read, and the form's values have them.
  const key = (name: string) => name as keyof V & string;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={t('fields.name')}
        state={form.field(key('name'))}
        {...form.input(key('name'))}
        autoComplete="name"
        maxLength={formLimits.name}
        required
      />
      <EmailField
        label={t('fields.email')}
        state={form.field(key('email'))}
        {...form.input(key('email'))}
      />
      {phone && (
        <PhoneField
          label={t(phone === 'required' ? 'fields.phone' : 'fields.phoneOptional')}
          state={form.field(key('phone'))}
          {...form.input(key('phone'))}
          hint={t('fields.phoneHint')}
          required={phone === 'required'}
        />
      )}
      {company && (
        <TextField
          label={t(company === 'required' ? 'fields.company' : 'fields.companyOptional')}
          state={form.field(key('company'))}
          {...form.input(key('company'))}
          autoComplete="organization"
          maxLength={formLimits.line}
          required={company === 'required'}
        />
      )}
      {jobTitle && (
        <TextField
          label={t('fields.jobTitleOptional')}
          state={form.field(key('jobTitle'))}
          {...form.input(key('jobTitle'))}
          autoComplete="organization-title"
          maxLength={formLimits.line}
        />
      )}
      {children}
    </div>
  );
}

/**
 * A site form from top to bottom: its status, whose account filled it in, the fields
 * (`children`), the consent box, the captcha, what the star means, and the submit button with
 * anything that belongs beside it (an upload's progress).
 */
export function SiteFormFrame<V extends ConsentValues>({
  form,
  captcha,
  user,
  onSubmit,
  submitLabel,
  busyLabel,
  besideSubmit,
  children,
}: {
  form: FormApi<V>;
  captcha: CaptchaState;
  user: User | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busyLabel?: string;
  besideSubmit?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(formsNamespace);
  return (
    <FormShell form={form} onSubmit={onSubmit}>
      {user?.email && (
        <p className="text-sm text-ink-muted">
          {fillNodes(t('site.signedInAs'), {
            email: (
              <bdi dir="ltr" className="break-all">
                {user.email}
              </bdi>
            ),
          })}
        </p>
      )}
      {children}
      <ConsentField form={form} />
      <FormCaptcha captcha={captcha} busy={form.busy} />
      <RequiredNote />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <SubmitButton
          busy={form.busy}
          label={submitLabel}
          busyLabel={busyLabel ?? t('site.sending')}
          className="w-full shrink-0 sm:w-auto"
        />
        {besideSubmit}
      </div>
    </FormShell>
  );
}
