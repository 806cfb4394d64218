import { post } from '../accounts/api-client';
import { FormStatus, SubmitButton, TextArea, TextField } from '../components/form-controls';
import { formsNamespace } from '../i18n';
import { useTranslation } from '../translation';
import { ConsentField, FormCaptcha, FormDone, RequiredNote } from './form-parts';
import {
  checkConsent,
  checkEmail,
  checkFullName,
  checkLine,
  checkPhoneNumber,
  checkText,
  formLimits,
} from './rules';
import { useSiteForm } from './use-site-form';

/** An office's contact form (POST /api/forms/contact/{office}), read by that office's team. */
export function ContactForm({ office, city }: { office: string; city: string }) {
  const { t } = useTranslation(formsNamespace);
  const { form, captcha, done, doneId, onSubmit, again } = useSiteForm({
    initial: { name: '', email: '', phone: '', company: '', message: '', consent: false },
    validate: (v) => ({
      name: checkFullName(v.name),
      email: checkEmail(v.email),
      phone: checkPhoneNumber(v.phone, false),
      company: checkLine(v.company, formLimits.line, false),
      message: checkText(v.message, formLimits.message),
      consent: checkConsent(v.consent),
    }),
    prefill: (user) => ({ name: user.fullName, email: user.email, phone: user.phoneNumber }),
  });

  if (done) {
    return (
      <FormDone
        id={doneId}
        title={t('contact.doneTitle')}
        message={done.message || t('contact.done', { city })}
        onAgain={again}
        againLabel={t('contact.again')}
      />
    );
  }

  const submit = onSubmit((values, token) =>
    post(`/forms/contact/${encodeURIComponent(office)}`, {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      company: values.company.trim(),
      message: values.message.trim(),
      consent: values.consent,
      captcha: token,
    }),
  );

  return (
    <form
      id={form.formId}
      noValidate
      onSubmit={submit}
      aria-busy={form.busy || undefined}
      className="space-y-5"
    >
      <FormStatus message={form.message} id={form.messageId} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('fields.name')}
          state={form.field('name')}
          {...form.input('name')}
          autoComplete="name"
          maxLength={formLimits.name}
          required
        />
        <TextField
          label={t('fields.email')}
          state={form.field('email')}
          {...form.input('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          required
        />
        <TextField
          label={t('fields.phoneOptional')}
          state={form.field('phone')}
          {...form.input('phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          placeholder="+971 4 123 4567"
        />
        <TextField
          label={t('fields.companyOptional')}
          state={form.field('company')}
          {...form.input('company')}
          autoComplete="organization"
          maxLength={formLimits.line}
        />
      </div>
      <TextArea
        label={t('fields.message')}
        state={form.field('message')}
        {...form.input('message')}
        maxLength={formLimits.message}
        required
      />
      <ConsentField form={form} />
      <FormCaptcha captcha={captcha} busy={form.busy} />
      <RequiredNote />
      <SubmitButton
        busy={form.busy}
        label={t('contact.submit')}
        busyLabel={t('site.sending')}
        className="w-full sm:w-auto"
      />
    </form>
  );
}
