// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldState } from '../../shared/form-kit/use-form';
import { resourcesFor } from '../entry-server';
import { createI18n } from '../../shared/i18n/i18n';
import { PageContext } from '../pages/page-context';
import type { Locale } from '../pages/page-props';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { TranslationProvider } from '../../shared/i18n/translation';
import { DateField } from './date-picker';

const plainState: FieldState = {
  id: 'start',
  name: 'start',
  errorId: 'start-error',
  error: '',
  invalid: false,
};

type HarnessProps = {
  initial?: string;
  min?: string;
  state?: FieldState;
  onChange?: (text: string) => void;
  onBlur?: () => void;
};

/** A form's side of the field: it keeps the text, as `useForm` does. */
function Harness({ initial = '', min, state = plainState, onChange, onBlur }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Start date"
      state={state}
      value={value}
      onChange={(text) => {
        setValue(text);
        onChange?.(text);
      }}
      onBlur={() => onBlur?.()}
      min={min}
    />
  );
}

const page = (locale: Locale) => samplePageProps({ route: '/forms', locale });

function renderField(locale: Locale, props: HarnessProps = {}) {
  const result = renderInPage(<Harness {...props} />, page(locale));
  const input = screen.getByRole('textbox') as HTMLInputElement;
  const button = result.container.querySelector<HTMLButtonElement>('button[aria-haspopup]')!;
  return { ...result, input, button };
}

function openCalendar(button: HTMLButtonElement) {
  fireEvent.click(button);
  return screen.getByRole('dialog');
}

const focusedDate = () => (document.activeElement as HTMLElement | null)?.dataset.date;

beforeEach(() => {
  // "Today" is Saturday 5 December 2026, wherever the tests run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 5, 12, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DateField', () => {
  it('wires the label, the pattern hint and the error to a left-to-right numeric input', () => {
    const state = { ...plainState, error: 'Enter a date as MM/DD/YYYY.', invalid: true };
    renderField('en', { state });
    const input = screen.getByLabelText('Start date');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('start-error start-hint');
    expect(document.getElementById('start-hint')!.textContent).toBe('MM/DD/YYYY');
    expect(document.getElementById('start-error')!.textContent).toContain('MM/DD/YYYY');
  });

  it('shows each language’s pattern', () => {
    renderField('nl');
    expect(document.getElementById('start-hint')!.textContent).toBe('DD-MM-JJJJ');
  });

  it('names its button after the chosen date, and opens a modal dialog labelled by the month', () => {
    const { button } = renderField('en', { initial: '12/03/2026' });
    // ICU versions differ on the comma after the weekday.
    expect(button.getAttribute('aria-label')).toMatch(
      /^Change date, currently Thursday,? 3 December 2026$/,
    );
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const dialog = openCalendar(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const heading = within(dialog).getByRole('heading');
    expect(heading.textContent).toBe('December 2026');
    expect(heading.getAttribute('aria-live')).toBe('polite');
    expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(within(dialog).getByRole('grid').getAttribute('aria-labelledby')).toBe(heading.id);
    for (const name of ['Previous year', 'Previous month', 'Next month', 'Next year', 'Close']) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
    expect(dialog.textContent).toContain('Use the arrow keys to move between days');
  });

  it('starts weeks on Sunday in English, Monday in French and Saturday in Arabic', () => {
    const headers = (locale: Locale) => {
      const { button, unmount } = renderField(locale);
      const dialog = openCalendar(button);
      const cells = within(dialog).getAllByRole('columnheader');
      const result = cells.map((cell) => cell.getAttribute('abbr'));
      unmount();
      return result;
    };
    const english = headers('en');
    expect(english).toHaveLength(7);
    expect(english[0]).toBe('Sunday');
    expect(english[6]).toBe('Saturday');
    const french = headers('fr');
    expect(french[0]).toBe('lundi');
    expect(french[6]).toBe('dimanche');
    expect(headers('ar')[0]).toBe('السبت');
  });

  it('lays December 2026 out from Sunday, with the 1st on a Tuesday', () => {
    const { button } = renderField('en', { initial: '12/03/2026' });
    const dialog = openCalendar(button);
    const firstRow = within(dialog).getAllByRole('row')[1]!;
    const cells = within(firstRow).getAllByRole('gridcell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['', '', '1', '2', '3', '4', '5']);
  });

  it('focuses the chosen day, marks it selected and today current, with one tab stop', () => {
    const { button } = renderField('en', { initial: '12/03/2026' });
    const dialog = openCalendar(button);
    expect(focusedDate()).toBe('2026-12-03');
    const chosen = dialog.querySelector('[data-date="2026-12-03"]')!;
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(dialog.querySelectorAll('[aria-selected="true"]')).toHaveLength(1);
    expect(dialog.querySelector('[data-date="2026-12-05"]')!.getAttribute('aria-current')).toBe(
      'date',
    );
    expect(dialog.querySelectorAll('[aria-current]')).toHaveLength(1);
    expect(dialog.querySelectorAll('td[tabindex="0"]')).toHaveLength(1);
  });

  it('focuses today when no date is chosen', () => {
    const { button } = renderField('en');
    openCalendar(button);
    expect(focusedDate()).toBe('2026-12-05');
    expect(button.getAttribute('aria-label')).toBe('Choose date');
  });

  it('moves with arrows, PageDown, Shift+PageUp, Home and End', () => {
    const { button } = renderField('en', { initial: '12/03/2026' });
    const dialog = openCalendar(button);
    const grid = within(dialog).getByRole('grid');
    const heading = within(dialog).getByRole('heading');
    const press = (key: string, shiftKey = false) =>
      fireEvent.keyDown(document.activeElement!, { key, shiftKey });

    press('ArrowRight');
    expect(focusedDate()).toBe('2026-12-04');
    press('ArrowDown');
    expect(focusedDate()).toBe('2026-12-11');
    press('ArrowLeft');
    expect(focusedDate()).toBe('2026-12-10');
    press('ArrowUp');
    expect(focusedDate()).toBe('2026-12-03');
    press('Home');
    expect(focusedDate()).toBe('2026-11-29');
    expect(heading.textContent).toBe('November 2026');
    press('End');
    expect(focusedDate()).toBe('2026-12-05');
    expect(heading.textContent).toBe('December 2026');
    press('PageDown');
    expect(focusedDate()).toBe('2027-01-05');
    expect(heading.textContent).toBe('January 2027');
    press('PageUp', true);
    expect(focusedDate()).toBe('2026-01-05');
    expect(heading.textContent).toBe('January 2026');
    press('PageDown', true);
    press('PageUp');
    expect(focusedDate()).toBe('2026-12-05');
    expect(grid.querySelectorAll('td[tabindex="0"]')).toHaveLength(1);
    expect(grid.querySelector('td[tabindex="0"]')).toBe(document.activeElement);
  });

  it('keeps the day of the month where the next month is shorter', () => {
    const { button } = renderField('en', { initial: '01/31/2026' });
    openCalendar(button);
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(focusedDate()).toBe('2026-02-28');
  });

  it('changes the month with its buttons, leaving focus on the button', () => {
    const { button } = renderField('en', { initial: '12/03/2026' });
    const dialog = openCalendar(button);
    const next = within(dialog).getByRole('button', { name: 'Next month' });
    next.focus();
    fireEvent.click(next);
    expect(within(dialog).getByRole('heading').textContent).toBe('January 2027');
    expect(document.activeElement).toBe(next);
    expect(dialog.querySelector('td[tabindex="0"]')!.getAttribute('data-date')).toBe('2027-01-03');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous year' }));
    expect(within(dialog).getByRole('heading').textContent).toBe('January 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next year' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    expect(within(dialog).getByRole('heading').textContent).toBe('December 2026');
  });

  it('closes on Escape without a change and gives focus back to the button', () => {
    const onChange = vi.fn();
    const { button, input } = renderField('en', { initial: '12/03/2026', onChange });
    openCalendar(button);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('12/03/2026');
  });

  it('selects with Enter: writes the date in the language’s format, touches the field, closes', () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    const { button, input } = renderField('en', { initial: '12/03/2026', onChange, onBlur });
    openCalendar(button);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('12/04/2026');
    expect(onBlur).toHaveBeenCalled();
    expect(input.value).toBe('12/04/2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-label')).toMatch(
      /^Change date, currently Friday,? 4 December 2026$/,
    );
  });

  it('selects with Space (on release) and with a click, in Dutch format', () => {
    const { button, input } = renderField('nl');
    openCalendar(button);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyUp(document.activeElement!, { key: ' ' });
    expect(input.value).toBe('12-12-2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = openCalendar(button);
    expect(focusedDate()).toBe('2026-12-12');
    fireEvent.click(dialog.querySelector('[data-date="2026-12-24"]')!);
    expect(input.value).toBe('24-12-2026');
  });

  it('opens on the typed date, read with the language’s order', () => {
    const { button, input } = renderField('fr');
    fireEvent.change(input, { target: { value: '7/1/2027' } });
    openCalendar(button);
    expect(focusedDate()).toBe('2027-01-07');
    expect(within(screen.getByRole('dialog')).getByRole('heading').textContent).toBe(
      'Janvier 2027',
    );
  });

  it('disables days before min: they can be reached but not chosen', () => {
    const onChange = vi.fn();
    const { button, input } = renderField('en', { min: '2026-12-10', onChange });
    const dialog = openCalendar(button);
    // Today (the 5th) is before min, so the calendar opens on min.
    expect(focusedDate()).toBe('2026-12-10');
    expect(dialog.querySelector('[data-date="2026-12-09"]')!.getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(dialog.querySelector('[data-date="2026-12-10"]')!.hasAttribute('aria-disabled')).toBe(
      false,
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(focusedDate()).toBe('2026-12-09');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.click(dialog.querySelector('[data-date="2026-12-01"]')!);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('');
    fireEvent.click(dialog.querySelector('[data-date="2026-12-10"]')!);
    expect(input.value).toBe('12/10/2026');
  });

  it('mirrors Left and Right in Arabic and writes Western digits', () => {
    const { button, input } = renderField('ar', { initial: '03/12/2026' });
    const dialog = openCalendar(button);
    expect(within(dialog).getByRole('heading').textContent).toMatch(/2026/);
    expect(button.getAttribute('aria-label')).toMatch(/\p{Script=Arabic}/u);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(focusedDate()).toBe('2026-12-04');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(focusedDate()).toBe('2026-12-02');
    // Weeks run Saturday to Friday.
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focusedDate()).toBe('2026-11-28');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focusedDate()).toBe('2026-12-04');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(input.value).toBe('04/12/2026');
  });

  it('keeps Tab inside the dialog', () => {
    const { button } = renderField('en', { initial: '12/03/2026' });
    const dialog = openCalendar(button);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const previousYear = within(dialog).getByRole('button', { name: 'Previous year' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(previousYear);
    fireEvent.keyDown(previousYear, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
  });

  it('closes with its Close button and on a press outside it', () => {
    const { button, input } = renderField('en');
    const dialog = openCalendar(button);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    openCalendar(button);
    fireEvent.pointerDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.pointerDown(input);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The toggle button closes it too, rather than counting as a press outside.
    openCalendar(button);
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders on the server with the calendar closed and no inline styles', () => {
    const props = page('en');
    const i18n = createI18n('en', resourcesFor('en', props.page.kind));
    const html = renderToString(
      <TranslationProvider i18n={i18n}>
        <PageContext value={props}>
          <DateField
            label="Start date"
            state={plainState}
            value="12/03/2026"
            onChange={() => {}}
            onBlur={() => {}}
          />
        </PageContext>
      </TranslationProvider>,
    );
    expect(html).toContain('value="12/03/2026"');
    expect(html).toMatch(/aria-label="Change date, currently Thursday,? 3 December 2026"/);
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('style=');
  });
});
