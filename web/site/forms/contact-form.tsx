import { leadSourceHeaders } from './lead-source';
import { post } from '../../shared/form-kit/api-client';
import { TextArea } from '../../shared/ui/form-controls';
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

/** An office's contact form (POST /api/forms/contact/{office}), read by that office's team. */
export function ContactForm({ office, city }: { office: string; city: string }) {
  const { t } = useTranslation(formsNamespace);
  const { form, captcha, done, doneId, onSubmit, again, user } = useSiteForm({
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
    post(
      `/forms/contact/${encodeURIComponent(office)}`,
      { ...values, captcha: token },
      leadSourceHeaders(),
    ),
  );

  return (
    <SiteFormFrame
      form={form}
      captcha={captcha}
      user={user}
      onSubmit={submit}
      submitLabel={t('contact.submit')}
    >
      <PersonFields form={form} phone="optional" company="optional" />
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
