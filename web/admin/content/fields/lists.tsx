import { useContext } from 'react';
import { inputClass, secondaryButtonClass } from '../../ui';
import { useT } from '../../shell/lang';
import { ErrorLine, OptionalMark, Reference } from './frame';
import { TextLang, rowsFor, type EditorProps, type Json } from './types';
import { emptyObject } from './values';

const removeClass = 'min-h-11 text-sm text-danger underline underline-offset-4';

/** A list of texts (paragraphs, tags, requirements): a text area each, added and removed. */
export function TextListEditor({
  spec,
  path,
  id,
  label,
  value,
  english,
  errors,
  readOnly,
  onChange,
}: EditorProps) {
  const { t } = useT();
  const textLang = useContext(TextLang);
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const en = Array.isArray(english) ? (english as unknown[]) : [];
  return (
    <fieldset className="mb-4 rounded-lg border border-line p-3" data-field={path}>
      <legend className="px-1 font-semibold">
        {label}
        <OptionalMark optional={spec.optional} />
      </legend>
      <ErrorLine id={`${id}-error`} error={errors[path]} />
      <ol className="grid gap-3">
        {list.map((entry, i) => {
          const at = `${path}[${i}]`;
          const entryId = `${id}-${i}`;
          const text = typeof entry === 'string' ? entry : '';
          return (
            <li key={i} data-field={at}>
              <label htmlFor={entryId} className="block text-sm font-semibold">
                {t('content.entry', { field: label, number: i + 1 })}
              </label>
              <textarea
                id={entryId}
                name={at}
                {...textLang}
                rows={rowsFor(text, 2, 12)}
                readOnly={readOnly}
                aria-invalid={Boolean(errors[at])}
                aria-describedby={errors[at] ? `${entryId}-error` : undefined}
                className={`${inputClass} [field-sizing:content]`}
                value={text}
                onChange={(e) => onChange(list.map((v, j) => (j === i ? e.target.value : v)))}
              />
              <ErrorLine id={`${entryId}-error`} error={errors[at]} />
              <Reference value={en[i]} />
              {!readOnly && (
                <button
                  type="button"
                  className={`mt-1 ${removeClass}`}
                  onClick={() => onChange(list.filter((_, j) => j !== i))}
                >
                  {t('content.remove', {
                    entry: t('content.entry', { field: label, number: i + 1 }),
                  })}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <button
          type="button"
          className={`${secondaryButtonClass} mt-3`}
          onClick={() => onChange([...list, ''])}
        >
          {t('content.add', { field: label })}
        </button>
      )}
    </fieldset>
  );
}

/** A group of fields of its own (an office's address). */
export function ObjectEditor({
  spec,
  path,
  id,
  label,
  value,
  english,
  errors,
  readOnly,
  onChange,
  renderFields,
}: EditorProps) {
  return (
    <fieldset className="mb-4 rounded-lg border border-line p-3" data-field={path}>
      <legend className="px-1 font-semibold">{label}</legend>
      <ErrorLine id={`${id}-error`} error={errors[path]} />
      {renderFields({
        fields: spec.fields ?? [],
        prefix: `${path}.`,
        value: (value as Json) ?? {},
        english: (english as Json | undefined) ?? undefined,
        errors,
        readOnly,
        onChange,
      })}
    </fieldset>
  );
}

/** A list of objects (speakers, sections): each its own group of fields, added and removed. */
export function ObjectListEditor({
  spec,
  path,
  label,
  value,
  english,
  errors,
  readOnly,
  onChange,
  renderFields,
}: EditorProps) {
  const { t } = useT();
  const list = Array.isArray(value) ? (value as Json[]) : [];
  const en = Array.isArray(english) ? (english as Json[]) : [];
  return (
    <fieldset className="mb-4 rounded-lg border border-line p-3" data-field={path}>
      <legend className="px-1 font-semibold">{label}</legend>
      <ErrorLine id={`${path}-error`} error={errors[path]} />
      {list.map((entry, i) => {
        const entryName = t('content.entry', { field: label, number: i + 1 });
        return (
          <fieldset
            key={i}
            className="mb-3 rounded-lg border border-line p-3"
            data-field={`${path}[${i}]`}
          >
            <legend className="px-1 text-sm font-semibold">{entryName}</legend>
            {renderFields({
              fields: spec.fields ?? [],
              prefix: `${path}[${i}].`,
              value: entry ?? {},
              english: en[i],
              errors,
              readOnly,
              onChange: (next) => onChange(list.map((v, j) => (j === i ? next : v))),
            })}
            {!readOnly && (
              <button
                type="button"
                className={removeClass}
                onClick={() => onChange(list.filter((_, j) => j !== i))}
              >
                {t('content.remove', { entry: entryName })}
              </button>
            )}
          </fieldset>
        );
      })}
      {!readOnly && (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => onChange([...list, emptyObject(spec.fields ?? [])])}
        >
          {t('content.add', { field: label })}
        </button>
      )}
    </fieldset>
  );
}
