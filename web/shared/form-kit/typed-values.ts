import type { Values } from './form-state';

/**
 * What the visitor entered in `form` that differs from `values`: a form works as plain HTML
 * before its code runs, and whatever was typed, ticked or chosen meanwhile stays on screen as the
 * code takes over, so the form's state starts from it. A field is read by its name: a text box,
 * a list or a single box's tick; a group of boxes sharing a name gives its ticked values
 * separated by spaces, as the forms keep a multiple choice.
 */
export function typedValues<V extends Values>(form: HTMLFormElement, values: V): Partial<V> {
  const typed: Partial<V> = {};
  for (const [name, current] of Object.entries(values) as [keyof V & string, V[keyof V]][]) {
    const entered = enteredValue(form, name, typeof current === 'boolean');
    if (entered !== null && entered !== current) typed[name] = entered as V[keyof V & string];
  }
  return typed;
}

function enteredValue(
  form: HTMLFormElement,
  name: string,
  ticked: boolean,
): string | boolean | null {
  const fields = [...form.elements].filter(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      'name' in element && element.name === name && 'value' in element,
  );
  const first = fields[0];
  if (!first) return null;
  if (first instanceof HTMLInputElement && first.type === 'checkbox') {
    if (ticked) return first.checked;
    return fields
      .filter((field) => (field as HTMLInputElement).checked)
      .map((field) => field.value)
      .join(' ');
  }
  if (first instanceof HTMLInputElement && first.type === 'radio') {
    return fields.find((field) => (field as HTMLInputElement).checked)?.value ?? '';
  }
  if (first instanceof HTMLInputElement && first.type === 'file') return null;
  return ticked ? null : first.value;
}
