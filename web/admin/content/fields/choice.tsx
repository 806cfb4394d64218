import { inputClass } from '../../ui';
import { Labelled, controlProps } from './frame';
import { textOfValue, type EditorProps } from './types';

/** A calendar day. */
export function DateEditor(props: EditorProps) {
  return (
    <Labelled props={props}>
      <input
        {...controlProps(props)}
        type="date"
        className={inputClass}
        value={textOfValue(props.value)}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Labelled>
  );
}

/** A whole number from 1: a count, or a rating up to 5. */
export function NumberEditor(props: EditorProps) {
  const { spec, value, onChange } = props;
  return (
    <Labelled props={props}>
      <input
        {...controlProps(props)}
        type="number"
        inputMode="numeric"
        min={1}
        max={spec.kind === 'rating' ? 5 : undefined}
        className={inputClass}
        value={typeof value === 'number' ? value : textOfValue(value)}
        onChange={(e) => {
          const n = Number(e.target.value);
          onChange(e.target.value === '' || Number.isNaN(n) ? e.target.value : n);
        }}
      />
    </Labelled>
  );
}

/** One of the values the schema names. */
export function EnumEditor(props: EditorProps) {
  return (
    <Labelled props={props}>
      <select
        {...controlProps(props)}
        disabled={props.readOnly}
        className={inputClass}
        value={textOfValue(props.value)}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {(props.spec.values ?? []).map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
