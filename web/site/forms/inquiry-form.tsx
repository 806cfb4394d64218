import { leadSourceHeaders } from './lead-source';
import { post } from '../../shared/form-kit/api-client';
import { TextArea, TextField } from '../../shared/ui/form-controls';
import { formsNamespace } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/translation';
import { FormDone, PersonFields, SiteFormFrame } from './form-parts';
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
    post('/forms/inquiry', { ...values, captcha: token }, leadSourceHeaders()),
  );

  return (
    <SiteFormFrame
      form={form}
      captcha={captcha}
      user={user}
      onSubmit={submit}
      submitLabel={t('inquiry.submit')}
    >
      <PersonFields form={form} phone="optional" company="optional" />
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
    </SiteFormFrame>
  );
}
