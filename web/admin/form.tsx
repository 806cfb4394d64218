import type { InputHTMLAttributes } from 'react';
import {
  useFormState,
  type FormApi,
  type Validate,
  type Values,
} from '../shared/form-kit/form-state';
import { TextField as SharedTextField } from '../shared/ui/form-controls';
import { isKey } from './i18n';
import { useT } from './shell/lang';

/**
 * A back-office form: the site's form state (checked as fields are left, the server's field
 * errors shown under their fields, focus moved to the first at fault), in the back-office's words.
 */
export function useStaffForm<V extends Values>(initial: V, validate: Validate<V>) {
  const { t } = useT();
  return useFormState(initial, validate, {
    describe: (problem) => {
      const key = `form.errors.${problem.key}`;
      return isKey(key) ? t(key, problem.params) : t('form.fixFields');
    },
    fixFields: t('form.fixFields'),
    unreachable: t('common.unreachable'),
  });
}

/** A labelled text input bound to one field of a form, with its error under it. */
export function TextField<V extends Values>({
  form,
  name,
  label,
  ...attributes
}: {
  form: FormApi<V>;
  name: keyof V & string;
  label: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name'>) {
  return (
    <SharedTextField
      {...attributes}
      {...form.input(name)}
      look="office"
      label={label}
      state={form.field(name)}
    />
  );
}

/** The form's own message (the server's answer, or what to fix), focused when it changes. */
export { FormNotice as FormMessage } from '../shared/ui/form-controls';
