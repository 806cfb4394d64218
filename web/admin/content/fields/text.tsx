import { inputClass } from '../../ui';
import { Labelled, controlProps } from './frame';
import { oneLine, rowsFor, textOfValue, useTextLang, type EditorProps } from './types';

/** A one-line text (a title): it grows as it wraps, and Enter does not break it. */
export function TextEditor(props: EditorProps) {
  const textLang = useTextLang(props.spec.name);
  const text = textOfValue(props.value);
  return (
    <Labelled props={props}>
      <textarea
        {...controlProps(props)}
        {...textLang}
        rows={rowsFor(text, 1, 4)}
        className={`${inputClass} [field-sizing:content] resize-none`}
        value={text}
        onKeyDown={oneLine}
        onChange={(e) => props.onChange(e.target.value.replace(/\r?\n/g, ' '))}
      />
    </Labelled>
  );
}

/** A text of several lines with its own markup. */
export function MarkupEditor(props: EditorProps) {
  const textLang = useTextLang(props.spec.name);
  const text = textOfValue(props.value);
  return (
    <Labelled props={props}>
      <textarea
        {...controlProps(props)}
        {...textLang}
        rows={rowsFor(text, 3, 12)}
        className={`${inputClass} [field-sizing:content]`}
        value={text}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Labelled>
  );
}

/** A value written the same in every language (an address, a file's name), left to right. */
export function PlainEditor(props: EditorProps) {
  return (
    <Labelled props={props}>
      <input
        {...controlProps(props)}
        type="text"
        dir="ltr"
        className={inputClass}
        value={textOfValue(props.value)}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Labelled>
  );
}
