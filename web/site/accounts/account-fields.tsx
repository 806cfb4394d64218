import { PasswordField, TextField } from '../../shared/ui/form-controls';
import { authNamespace } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/translation';
import { PasswordStrength } from './password-strength';
import type { FormApi } from '../../shared/form-kit/use-form';
import { limits } from '../../shared/form-kit/validation';

type Values = Record<string, string | boolean>;

/** First and last name side by side, as registration and the profile ask for them. */
export function NameFields<V extends { firstName: string; lastName: string } & Values>({
  form,
}: {
  form: FormApi<V>;
}) {
  const { t } = useTranslation(authNamespace);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={t('fields.firstName')}
        state={form.field('firstName')}
        {...form.input('firstName')}
        autoComplete="given-name"
        maxLength={limits.name}
        required
      />
      <TextField
        label={t('fields.lastName')}
        state={form.field('lastName')}
        {...form.input('lastName')}
        autoComplete="family-name"
        maxLength={limits.name}
        required
      />
    </div>
  );
}

/**
 * A new password with its strength, then the same again: registration names it `password`,
 * the password change and the reset `newPassword`.
 */
export function NewPasswordFields<
  N extends 'password' | 'newPassword',
  V extends Record<N | 'confirmPassword', string> & Values,
>({ form, name, label }: { form: FormApi<V>; name: N; label: string }) {
  const { t } = useTranslation(authNamespace);
  // The names exist in V by its constraint.
  const key = (field: string) => field as keyof V & string;
  return (
    <>
      <PasswordField
        label={label}
        state={form.field(key(name))}
        {...form.input(key(name))}
        autoComplete="new-password"
        required
        hint={<PasswordStrength password={String(form.values[key(name)])} />}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        state={form.field(key('confirmPassword'))}
        {...form.input(key('confirmPassword'))}
        autoComplete="new-password"
        required
      />
    </>
  );
}
