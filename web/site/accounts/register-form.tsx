import { useState } from 'react';
import { Captcha } from '../forms/captcha';
import { fillNodes } from '../content/fill-nodes';
import { EmailField, FormShell, PhoneField, SubmitButton } from '../../shared/ui/form-controls';
import { authNamespace } from '../../shared/i18n/i18n';
import { useLocalizedPath } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { post } from '../../shared/form-kit/api-client';
import { linkClass } from './auth-layout';
import { useCaptcha } from '../../shared/form-kit/use-captcha';
import { useForm } from '../../shared/form-kit/use-form';
import { NameFields, NewPasswordFields } from './account-fields';
import {
  checkConfirmation,
  checkEmail,
  checkName,
  checkNewPassword,
  checkPhone,
} from '../../shared/form-kit/validation';

export function RegisterForm() {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const captcha = useCaptcha();
  const [done, setDone] = useState('');
  const form = useForm(
    { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' },
    (v) => ({
      firstName: checkName(v.firstName),
      lastName: checkName(v.lastName),
      email: checkEmail(v.email),
      phoneNumber: checkPhone(v.phoneNumber),
      password: checkNewPassword(v.password, [
        v.email,
        v.firstName,
        v.lastName,
        `${v.firstName.trim()} ${v.lastName.trim()}`,
      ]),
      confirmPassword: checkConfirmation(v.confirmPassword, v.password),
    }),
  );

  const submit = form.onSubmit(
    async (values) => {
      const result = await post('/Website/Register', {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phoneNumber: values.phoneNumber.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        captcha: captcha.token,
      });
      if (result.ok) {
        setDone(result.message || t('register.done'));
        return;
      }
      // Field errors are found before the captcha is checked: only then is the token unspent.
      const { captcha: captchaError, ...fieldErrors } = result.errors;
      if (Object.keys(fieldErrors).length === 0 || captchaError) captcha.spend(captchaError ?? '');
      form.showResult({ ...result, errors: fieldErrors }, t('forms:forms.failed'));
    },
    () => captcha.check(),
  );

  if (done) {
    return (
      <div role="status" className="rounded-md border border-accent/40 bg-accent-soft p-5 text-ink">
        <h2 className="text-lg font-semibold">{t('register.doneTitle')}</h2>
        <p className="mt-2">{done}</p>
        <p className="mt-4">
          <a href={localize('/auth/login')} className={linkClass}>
            {t('register.toLogin')}
          </a>
        </p>
      </div>
    );
  }

  return (
    <FormShell form={form} onSubmit={submit}>
      <NameFields form={form} />
      <EmailField label={t('fields.email')} state={form.field('email')} {...form.input('email')} />
      <PhoneField
        label={t('fields.phone')}
        state={form.field('phoneNumber')}
        {...form.input('phoneNumber')}
        hint={t('fields.phoneHint')}
      />
      <NewPasswordFields form={form} name="password" label={t('fields.password')} />
      <Captcha
        onChange={captcha.onChange}
        error={captcha.error}
        errorId={captcha.errorId}
        resetKey={captcha.resetKey}
        disabled={form.busy}
      />
      <p className="text-sm text-ink-muted">
        {fillNodes(t('register.consent'), {
          terms: (
            <a href={localize('/terms')} className={linkClass}>
              {t('register.terms')}
            </a>
          ),
          privacy: (
            <a href={localize('/policy')} className={linkClass}>
              {t('register.privacy')}
            </a>
          ),
        })}
      </p>
      <SubmitButton
        busy={form.busy}
        label={t('register.submit')}
        busyLabel={t('register.busy')}
        className="w-full"
      />
      <p className="border-t border-line pt-5 text-center text-sm text-ink-muted">
        {t('register.haveAccount')}{' '}
        <a href={localize('/auth/login')} className={linkClass}>
          {t('register.login')}
        </a>
      </p>
    </FormShell>
  );
}
