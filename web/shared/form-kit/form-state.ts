import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ApiResult } from './api-client';
import { typedValues } from './typed-values';
import type { Problem } from './validation';

export type FormMessage = { tone: 'error' | 'success' | 'info'; text: string };

export type Values = Record<string, string | boolean>;
export type Validate<V extends Values> = (
  values: V,
) => Partial<Record<keyof V & string, Problem | null>>;

export type FieldState = {
  id: string;
  name: string;
  errorId: string;
  /** The message to show under the field, '' when none. */
  error: string;
  invalid: boolean;
};

/** The words a form speaks, in the reader's language. */
export type FormWords = {
  /** A broken rule as the message under its field. */
  describe: (problem: Problem) => string;
  /** The form's message when a submit finds fields at fault. */
  fixFields: string;
  /** The form's message when the server cannot be reached. */
  unreachable: string;
};

/**
 * State of one form: values, the fields the visitor has left (checked from then on, as they
 * type), messages from the server per field and for the whole form, and the loading flag of
 * its one request. Problems are shown only on fields the visitor has left or after a submit, so
 * a field never complains while its first character is being typed.
 */
export function useFormState<V extends Values>(
  initial: V,
  validate: Validate<V>,
  words: FormWords,
) {
  const prefix = useId();
  // Elements are found by id when focus must move: no refs, so the form's state can be read
  // freely while rendering.
  const formId = `${prefix}-form`;
  // Not `${prefix}-message`: that is the id of a field named `message`.
  const messageId = `${prefix}--message`;
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const problems = validate(values);
  const { describe } = words;

  const errorOf = (name: string): string => {
    if (serverErrors[name]) return serverErrors[name]!;
    const problem = problems[name as keyof V & string];
    return problem && touched.has(name) ? describe(problem) : '';
  };

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  // What the visitor typed while the form was still the server's HTML becomes its values.
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from the page, which held the form before React did
    setValues((current) => {
      const typed = typedValues(element, current);
      return Object.keys(typed).length > 0 ? { ...current, ...typed } : current;
    });
  }, [formId]);

  const touch = useCallback((name: string) => {
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  }, []);

  const field = (name: keyof V & string): FieldState => {
    const error = errorOf(name);
    return {
      id: `${prefix}-${name}`,
      name,
      errorId: `${prefix}-${name}-error`,
      error,
      invalid: !!error,
    };
  };

  /** Props for a text input bound to a field. */
  const input = (name: keyof V & string) => {
    const state = field(name);
    return {
      id: state.id,
      name,
      value: String(values[name] ?? ''),
      onChange: (event: { currentTarget: { value: string } }) =>
        setValue(name, event.currentTarget.value as V[typeof name]),
      onBlur: (event: { relatedTarget: EventTarget | null }) => {
        // Leaving a field for its form's submit button: the submit checks every field anyway.
        // Marking it now would put its message above the button between the press and the
        // release, moving the button from under the pointer, so the click would be lost.
        if (submitsThisForm(event.relatedTarget)) return;
        touch(name);
      },
      'aria-invalid': state.invalid || undefined,
      'aria-describedby': state.error ? state.errorId : undefined,
    };
  };

  const submitsThisForm = (target: EventTarget | null) =>
    target instanceof HTMLButtonElement && target.type === 'submit' && target.form?.id === formId;

  const focusFirstError = () => {
    const first = document
      .getElementById(formId)
      ?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    first?.focus();
  };

  const focusMessage = () => document.getElementById(messageId)?.focus();

  /** Shows what the server said: per field when it names fields, else as the form's message. */
  const showResult = (result: ApiResult, fallback: string) => {
    const fieldErrors = result.errors;
    flushSync(() => {
      setServerErrors(fieldErrors);
      setMessage({
        tone: result.ok ? 'success' : 'error',
        text:
          result.message || (result.status === 0 ? words.unreachable : result.ok ? '' : fallback),
      });
    });
    if (Object.keys(fieldErrors).length > 0) focusFirstError();
    else focusMessage();
  };

  /** Starts the form again with `next` as its values: nothing touched, no message. */
  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched(new Set());
    setServerErrors({});
    setMessage(null);
  }, []);

  /**
   * A submit handler: checks every field, focuses the first at fault, else runs `action` with
   * the loading flag on.
   */
  const onSubmit =
    (action: (values: V) => Promise<void>, extraCheck?: () => boolean) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      const names = Object.keys(values);
      const failing = names.filter((name) => problems[name as keyof V & string]);
      const extraOk = extraCheck ? extraCheck() : true;
      if (failing.length > 0 || !extraOk) {
        flushSync(() => {
          setTouched(new Set(names));
          setMessage({ tone: 'error', text: words.fixFields });
        });
        focusFirstError();
        return;
      }
      setMessage(null);
      setBusy(true);
      try {
        await action(values);
      } finally {
        setBusy(false);
      }
    };

  return {
    values,
    setValue,
    touch,
    field,
    input,
    problems,
    busy,
    message,
    setMessage,
    setServerErrors,
    serverErrors,
    showResult,
    onSubmit,
    reset,
    formId,
    messageId,
    focusMessage,
    focusFirstError,
    describe,
  };
}

export type FormApi<V extends Values> = ReturnType<typeof useFormState<V>>;
