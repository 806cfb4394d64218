/** The id of the editor's form, which the action bar's Save button submits from outside it. */
export const editorFormId = 'content-editor-form';
/** The id of the preview panel the action bar's Preview link jumps to. */
export const previewId = 'content-preview';

/**
 * Brings a part of the editor into view and puts the focus in it (its first field or button, or
 * the part itself), so that a jump link moves the keyboard as well as the eye.
 */
export function jumpTo(target: Element | null) {
  if (!(target instanceof HTMLElement)) return;
  target.scrollIntoView({ block: 'start' });
  const first = target.querySelector<HTMLElement>(
    'input:not([type=hidden]), select, textarea, [contenteditable=true], button',
  );
  if (first) {
    first.focus({ preventScroll: true });
    return;
  }
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
