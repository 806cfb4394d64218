import type { InputHTMLAttributes } from 'react';
import {
  useFormState,
  type FormApi,
  type Validate,
  type Values,
} from '../shared/form-kit/form-state';
import { isKey } from './i18n';
import { inputClass, useT } from './ui';

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
  const state = form.field(name);
  return (
    <div className="mb-4">
      <label htmlFor={state.id} className="block font-semibold">
        {label}
      </label>
      <input {...attributes} {...form.input(name)} className={inputClass} />
      {state.error && (
        <p id={state.errorId} className="mt-1 text-sm text-danger">
          {state.error}
        </p>
      )}
    </div>
  );
}

/** The form's own message (the server's answer, or what to fix), focused when it changes. */
export function FormMessage<V extends Values>({ form }: { form: FormApi<V> }) {
  const { message } = form;
  const tone =
    message?.tone === 'error'
      ? 'border-danger bg-danger-soft text-ink'
      : 'border-accent bg-accent-soft text-ink';
  return (
    <p
      id={form.messageId}
      tabIndex={-1}
      role={message?.tone === 'error' ? 'alert' : 'status'}
      className={
        message?.text ? `mb-4 rounded-lg border px-4 py-3 outline-none ${tone}` : 'sr-only'
      }
    >
      {message?.text ?? ''}
    </p>
  );
}
