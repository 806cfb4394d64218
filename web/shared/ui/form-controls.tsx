import {
  useId,
  useState,
  type FormEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { formsNamespace } from '../i18n/i18n';
import { useTranslation } from '../i18n/translation';
import type { FormApi, Values } from '../form-kit/form-state';
import type { FieldState, FormMessage } from '../form-kit/use-form';
import {
  buttonClass,
  inputClass,
  officeHintClass,
  officeInputClass,
  officeLabelClass,
  type ButtonTone,
} from './control-styles';
import { Spinner } from './spinner';

export { buttonClass, inputClass };

/**
 * Where a control stands: in a form of the site (the default), or on a back-office screen, whose
 * controls are taller and whose help stands between the label and the input.
 */
export type ControlLook = 'site' | 'office';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  label: string;
  state: FieldState;
  /** Help shown under the field, also read with it. */
  hint?: ReactNode;
  /** Something beside the input inside its frame, such as a show-password button. */
  addon?: ReactNode;
  look?: ControlLook;
};

/** A labelled input with its hint and its error, wired for assistive technology. */
export function TextField({
  label,
  state,
  hint,
  addon,
  look = 'site',
  className,
  ...input
}: FieldProps) {
  const { hintId, describedBy } = describe(state, hint, input['aria-describedby']);
  if (look === 'office') {
    return (
      <div className={className ?? 'mb-4'}>
        <label htmlFor={state.id} className={officeLabelClass}>
          {label}
        </label>
        {hintId && (
          <p id={hintId} className={officeHintClass}>
            {hint}
          </p>
        )}
        <input
          {...input}
          id={state.id}
          name={state.name}
          aria-describedby={describedBy}
          className={officeInputClass}
        />
        <FieldError state={state} />
      </div>
    );
  }
  return (
    <div className={className ?? ''}>
      <FieldLabel htmlFor={state.id} label={label} required={input.required} />
      <div className={addon ? 'relative' : undefined}>
        <input
          {...input}
          id={state.id}
          name={state.name}
          aria-describedby={describedBy}
          className={`${inputClass} ${addon ? 'pe-20' : ''}`}
        />
        {addon}
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError state={state} />
    </div>
  );
}

/** An e-mail address: the keyboard, autofill and left-to-right text an address needs. Required. */
export function EmailField(props: FieldProps) {
  return (
    <TextField type="email" autoComplete="email" inputMode="email" dir="ltr" required {...props} />
  );
}

/** A phone number in international format, with an example of the format. */
export function PhoneField(props: FieldProps) {
  return (
    <TextField
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      dir="ltr"
      placeholder="+971 4 123 4567"
      {...props}
    />
  );
}

/** A field's label, with a mark on required fields (the word is in the field's own semantics). */
function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-semibold text-ink">
      {label}
      {required && (
        <span aria-hidden="true" className="ms-0.5 text-danger">
          *
        </span>
      )}
    </label>
  );
}

/** The hint under a field, and the `aria-describedby` that reads the hint and the error. */
function describe(state: FieldState, hint: ReactNode, own?: string) {
  const hintId = hint ? `${state.id}-hint` : undefined;
  return { hintId, describedBy: [own, hintId].filter(Boolean).join(' ') || undefined };
}

function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  if (!id) return null;
  return (
    <div id={id} className="mt-1.5 text-sm text-ink-muted">
      {children}
    </div>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & {
  label: string;
  state: FieldState;
  hint?: ReactNode;
};

/** A labelled text area of several lines, with a count of characters left near its limit. */
export function TextArea({ label, state, hint, className = '', ...area }: AreaProps) {
  const { hintId, describedBy } = describe(state, hint, area['aria-describedby']);
  const length = typeof area.value === 'string' ? Array.from(area.value).length : 0;
  const limit = area.maxLength;
  const nearLimit = limit !== undefined && length > limit * 0.9;
  return (
    <div className={className}>
      <FieldLabel htmlFor={state.id} label={label} required={area.required} />
      <textarea
        rows={6}
        {...area}
        id={state.id}
        name={state.name}
        aria-describedby={describedBy}
        className={`${inputClass} min-h-32 resize-y leading-relaxed`}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      {nearLimit && (
        <p className="mt-1 text-end text-xs text-ink-muted tabular-nums" aria-live="polite">
          {length} / {limit}
        </p>
      )}
      <FieldError state={state} />
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
  label: string;
  state: FieldState;
  /** The first, empty option's text ("Choose…"). */
  placeholder: string;
  options: { value: string; label: string }[];
  hint?: ReactNode;
};

/** A labelled drop-down list whose first option is an empty "choose" entry. */
export function SelectField({
  label,
  state,
  placeholder,
  options,
  hint,
  className = '',
  ...select
}: SelectProps) {
  const { hintId, describedBy } = describe(state, hint, select['aria-describedby']);
  return (
    <div className={className}>
      <FieldLabel htmlFor={state.id} label={label} required={select.required} />
      <select
        {...select}
        id={state.id}
        name={state.name}
        aria-describedby={describedBy}
        className={`${inputClass} pe-10`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError state={state} />
    </div>
  );
}

/**
 * The error under a field, with its icon, or nothing while there is none. It is announced when it
 * appears (role="alert"), and the field points at it by `errorId` (aria-describedby).
 */
export function FieldError({
  state,
  className = '',
}: {
  state: Pick<FieldState, 'error' | 'errorId'>;
  className?: string;
}) {
  if (!state.error) return null;
  return (
    <p
      id={state.errorId}
      role="alert"
      className={`mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger ${className}`}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-current">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.6h1.8v1.8H9.1v-1.8Z" />
      </svg>
      <span>{state.error}</span>
    </p>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: FieldProps) {
  const { t } = useTranslation(formsNamespace);
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      addon={
        <button
          type="button"
          aria-pressed={shown}
          aria-controls={props.state.id}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-1 end-1 rounded px-3 text-sm font-semibold text-accent hover:bg-surface"
        >
          {shown ? t('forms.hidePassword') : t('forms.showPassword')}
        </button>
      }
    />
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode };

export function Checkbox({ label, id, className = '', ...input }: CheckboxProps) {
  return (
    <div className={`flex items-start gap-2.5 ${className}`}>
      <input
        {...input}
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 rounded border-line-strong accent-brand"
      />
      <label htmlFor={id} className="text-sm text-ink">
        {label}
      </label>
    </div>
  );
}

type SubmitProps = {
  busy: boolean;
  label: string;
  busyLabel: string;
  tone?: ButtonTone;
  className?: string;
  disabled?: boolean;
};

/** The submit button: disabled while its request runs, with a spinner and a word saying so. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  tone,
  className = '',
  disabled,
}: SubmitProps) {
  return (
    <button type="submit" disabled={busy || disabled} className={buttonClass(tone, className)}>
      {busy && <Spinner />}
      <span>{busy ? busyLabel : label}</span>
    </button>
  );
}

const messageTones: Record<FormMessage['tone'], string> = {
  error: 'border-danger/40 bg-danger-soft text-danger',
  success: 'border-accent/40 bg-accent-soft text-accent',
  info: 'border-line bg-surface text-ink',
};

/**
 * The form's message: a live region present from the start (so what appears in it is
 * announced), focusable so the result of a submit can take focus.
 */
export function FormStatus({
  message,
  id,
  children,
}: {
  message: FormMessage | null;
  id: string;
  children?: ReactNode;
}) {
  return (
    <div id={id} tabIndex={-1} role="status" className="outline-none">
      {message?.text && (
        <div
          className={`rounded-md border px-4 py-3 text-sm font-medium ${messageTones[message.tone]}`}
        >
          <p>{message.text}</p>
          {children}
        </div>
      )}
    </div>
  );
}

type ShellForm = { formId: string; messageId: string; busy: boolean; message: FormMessage | null };

/**
 * A form as every form of the site starts: checked by our code rather than the browser's
 * bubbles, busy while its request runs, and its status above the fields.
 */
export function FormShell({
  form,
  onSubmit,
  children,
}: {
  form: ShellForm;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      id={form.formId}
      noValidate
      onSubmit={onSubmit}
      aria-busy={form.busy || undefined}
      className="space-y-5"
    >
      <FormStatus message={form.message} id={form.messageId} />
      {children}
    </form>
  );
}

/**
 * A labelled control of any kind (a select, a text area, a date) with its help and its error, on
 * a back-office screen: `children` draws the control with the id and the ARIA it is given.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="mb-4">
      <label htmlFor={id} className={officeLabelClass}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={officeHintClass}>
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      <FieldError state={{ errorId: `${id}-error`, error: error ?? '' }} />
    </div>
  );
}

/**
 * A back-office form's own message (the server's answer, or what to fix): a live region present
 * from the start, focused when the form moves focus to it.
 */
export function FormNotice<V extends Values>({ form }: { form: FormApi<V> }) {
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
