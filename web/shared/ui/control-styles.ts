/**
 * The look of form controls, in one place for the site and the back-office. The site's forms are
 * read on the page among its other text; the back-office's controls are its whole page, taller
 * (a 44 px target) and rounder. Both mark an invalid field the same way, and a disabled one.
 */

/** The site's text input, text area and select. */
export const inputClass =
  'block w-full rounded-md border border-line-strong bg-raised px-3 py-2.5 text-base text-ink placeholder:text-ink-muted focus-visible:border-focus aria-[invalid=true]:border-danger disabled:opacity-60';

export type ButtonTone = 'primary' | 'secondary' | 'danger';

const buttonTones: Record<ButtonTone, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand-hover',
  secondary: 'border border-line-strong bg-raised text-ink hover:bg-surface',
  danger: 'bg-danger text-on-danger hover:bg-danger-hover',
};

/** A button of the site's forms, in a tone. */
export function buttonClass(tone: ButtonTone = 'primary', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 ${buttonTones[tone]} ${extra}`;
}

/** The back-office's text input, text area and select. */
export const officeInputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-line-strong bg-raised px-3 py-2 text-ink aria-[invalid=true]:border-danger';

const officeButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold disabled:opacity-60';

/** The back-office's main action. */
export const officeButtonClass = `${officeButton} gap-2 bg-brand text-on-brand hover:bg-brand-hover`;

/** The back-office's other actions. */
export const officeSecondaryButtonClass = `${officeButton} gap-2 border border-line-strong bg-raised text-ink hover:bg-surface`;

/** The back-office's actions that take something away (delete, take off the site). */
export const officeDangerButtonClass = `${officeButton} border border-danger text-danger hover:bg-danger-soft`;

/** A back-office field's label. */
export const officeLabelClass = 'block font-semibold';

/** A back-office field's help, between its label and its input. */
export const officeHintClass = 'text-sm text-ink-muted';
