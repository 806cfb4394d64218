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

/** A general inquiry (POST /api/forms/inquiry), read by the marketing team. */
export function InquiryForm() {
  const { t } = useTranslation(formsNamespace);
  const { form, captcha, done, doneId, onSubmit, again, user } = useSiteForm({
    initial: {
      name: '',
      email: '',
      phone: '',
      company: '',
      subject: '',
      message: '',
      consent: false,
    },
    validate: (v) => ({
      name: checkFullName(v.name),
      email: checkEmail(v.email),
      phone: checkPhoneNumber(v.phone, false),
      company: checkLine(v.company, formLimits.line, false),
      subject: checkLine(v.subject, formLimits.line, true),
      message: checkText(v.message, formLimits.message),
      consent: checkConsent(v.consent),
    }),
    prefill: (who) => ({ name: who.fullName, email: who.email, phone: who.phoneNumber }),
  });

  if (done) {
    return (
      <FormDone
        id={doneId}
        title={t('inquiry.doneTitle')}
        message={done.message || t('inquiry.done')}
        onAgain={again}
        againLabel={t('inquiry.again')}
      />
    );
  }

  const submit = onSubmit((values, token) =>
    post('/forms/inquiry', {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      company: values.company.trim(),
      subject: values.subject.trim(),
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
      {user?.email && (
        <p className="text-sm text-ink-muted">{t('site.signedInAs', { email: user.email })}</p>
      )}
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
      <TextField
        label={t('inquiry.subject')}
        state={form.field('subject')}
        {...form.input('subject')}
        maxLength={formLimits.line}
        required
      />
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
        label={t('inquiry.submit')}
        busyLabel={t('site.sending')}
        className="w-full sm:w-auto"
      />
    </form>
  );
}
