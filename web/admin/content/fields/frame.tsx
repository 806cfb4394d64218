import type { ReactNode } from 'react';
import { FieldError } from '../../../shared/ui/form-controls';
import { useT } from '../../shell/lang';
import { textOf } from '../word-diff';
import type { EditorProps } from './types';

/** The English text of a field, shown under it while another language is edited. */
export function Reference({ value }: { value: unknown }) {
  const { t } = useT();
  // A list shows its English under each entry; a rich-text document or a structure without
  // fields of its own (routeTexts) shows as its text.
  if (value === undefined || value === null || Array.isArray(value)) return null;
  const text = typeof value === 'object' ? textOf(value) : String(value);
  if (!text) return null;
  return (
    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink-muted" lang="en" dir="ltr">
      <span className="font-semibold">{t('content.english')}: </span>
      {text}
    </p>
  );
}

/** "(optional)" after the name of a field that may be left empty. */
export function OptionalMark({ optional }: { optional?: boolean }) {
  const { t } = useT();
  if (!optional) return null;
  return <span className="font-normal text-ink-muted"> ({t('content.optional')})</span>;
}

/** A field's error under it, announced as it appears. */
export function ErrorLine({ id, error }: { id: string; error?: string }) {
  return <FieldError state={{ errorId: id, error: error ?? '' }} />;
}

/** The ARIA and name a field's one control takes. */
export function controlProps({ id, path, errors, readOnly }: EditorProps) {
  const error = errors[path];
  return {
    id,
    name: path,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${id}-error` : undefined,
    readOnly,
  };
}

/** A field of one control: its label, the control, its error and the English under it. */
export function Labelled({ props, children }: { props: EditorProps; children: ReactNode }) {
  const { spec, path, id, label, errors, english } = props;
  return (
    <div className="mb-4" data-field={path}>
      <label htmlFor={id} className="block font-semibold">
        {label}
        <OptionalMark optional={spec.optional} />
      </label>
      {children}
      <ErrorLine id={`${id}-error`} error={errors[path]} />
      <Reference value={english} />
    </div>
  );
}
