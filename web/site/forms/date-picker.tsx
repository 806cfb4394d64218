import {
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { FieldState } from '../../shared/form-kit/use-form';
import { intlLocale } from '../i18n/formatting';
import { formsNamespace, type TFunction } from '../../shared/i18n/i18n';
import { usePage } from '../pages/page-context';
import type { Locale } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import {
  addDays,
  addMonths,
  dateConventions,
  endOfWeek,
  formatLocalDate,
  isIsoDate,
  monthGrid,
  parseLocalDate,
  startOfWeek,
  todayIso,
} from './date-field';
import { FieldError, inputClass } from '../../shared/ui/form-controls';
import { CalendarIcon, ChevronEndIcon, ChevronStartIcon } from '../../shared/ui/icons';

// A date field: a text input in the visitor's date format, with a button that opens a calendar
// built on the WAI-ARIA "Date Picker Dialog" pattern. The calendar exists only while open, so
// the server renders the field alone and never needs the browser's clock or window.

type DateFieldProps = {
  label: string;
  state: FieldState;
  /** The visible text, in the locale's format ('' when empty). */
  value: string;
  onChange: (text: string) => void;
  /** The field counts as touched. */
  onBlur: () => void;
  /** ISO date; days before it are disabled in the calendar. */
  min?: string;
  required?: boolean;
  /** Shown under the field; the locale's pattern ("MM/DD/YYYY") by default. */
  hint?: ReactNode;
};

// Names come from Intl in UTC with Western digits, so the server and every browser agree.
const utcNames = { timeZone: 'UTC', numberingSystem: 'latn' } as const;

function utcTime(iso: string): number {
  return Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));
}

/** "Thursday 3 December 2026": how the toggle button reads the chosen date out. */
function longDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    ...utcNames,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(utcTime(iso));
}

export function DateField({
  label,
  state,
  value,
  onChange,
  onBlur,
  min,
  required,
  hint,
}: DateFieldProps) {
  const { locale, dir } = usePage();
  const { t } = useTranslation(formsNamespace);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = `${state.id}-calendar`;
  const hintId = `${state.id}-hint`;
  const describedBy = [state.error ? state.errorId : '', hintId].filter(Boolean).join(' ');
  const selected = parseLocalDate(value, locale);
  const rtl = dir === 'rtl';

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };
  const choose = (iso: string) => {
    onChange(formatLocalDate(iso, locale));
    onBlur();
    close(true);
  };

  return (
    <div>
      <label htmlFor={state.id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-danger">
            *
          </span>
        )}
      </label>
      <div className="relative">
        <input
          id={state.id}
          name={state.name}
          type="text"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={value}
          required={required}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          aria-invalid={state.invalid || undefined}
          aria-describedby={describedBy}
          // The input is left-to-right (digits), so its padding for the button is physical.
          className={`${inputClass} ${rtl ? 'pl-12 text-right' : 'pr-12'}`}
        />
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          aria-label={
            selected
              ? t('datePicker.changeDate', { date: longDate(selected, locale) })
              : t('datePicker.chooseDate')
          }
          onClick={() => (open ? close(true) : setOpen(true))}
          suppressHydrationWarning
          className="absolute inset-y-1 end-1 inline-flex w-10 items-center justify-center rounded text-accent hover:bg-surface"
        >
          <CalendarIcon className="size-5" />
        </button>
        {open && (
          <Calendar
            id={dialogId}
            locale={locale}
            rtl={rtl}
            selected={selected}
            min={min && isIsoDate(min) ? min : undefined}
            onSelect={choose}
            onClose={close}
            toggle={buttonRef}
            t={t}
          />
        )}
      </div>
      <div id={hintId} className="mt-1.5 text-sm text-ink-muted">
        {hint ?? dateConventions[locale].pattern}
      </div>
      <FieldError state={state} />
    </div>
  );
}

type CalendarProps = {
  id: string;
  locale: Locale;
  rtl: boolean;
  selected: string | null;
  min?: string;
  onSelect: (iso: string) => void;
  /** Closes the dialog; `restoreFocus` puts focus back on the toggle button. */
  onClose: (restoreFocus: boolean) => void;
  /** The button that opened the dialog: a press on it is not a click outside. */
  toggle: RefObject<HTMLButtonElement | null>;
  t: TFunction;
};

const navButtonClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-surface hover:text-ink';

function Calendar({ id, locale, rtl, selected, min, onSelect, onClose, toggle, t }: CalendarProps) {
  const { firstDay } = dateConventions[locale];
  const headingId = useId();
  const helpId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [today] = useState(todayIso);
  // The day that holds the grid's one tab stop; its month is the month shown.
  const [focused, setFocused] = useState(() => selected ?? (min && min > today ? min : today));
  // Whether the next change of `focused` should move the keyboard focus to its cell (keys in
  // the grid, and opening) or leave it where it is (the month and year buttons).
  const focusCell = useRef(true);

  const names = useMemo(() => {
    const language = intlLocale(locale);
    const heading = new Intl.DateTimeFormat(language, {
      ...utcNames,
      month: 'long',
      year: 'numeric',
    });
    const short = new Intl.DateTimeFormat(language, {
      ...utcNames,
      // Arabic's short names are the full ones; calendars there show the initial letter.
      weekday: locale === 'ar' ? 'narrow' : 'short',
    });
    const long = new Intl.DateTimeFormat(language, { ...utcNames, weekday: 'long' });
    // 4 January 2026 was a Sunday.
    const weekdays = Array.from({ length: 7 }, (_, index) => {
      const time = Date.UTC(2026, 0, 4 + ((firstDay + index) % 7));
      return { short: short.format(time), long: long.format(time) };
    });
    return { heading, weekdays };
  }, [locale, firstDay]);

  const year = +focused.slice(0, 4);
  const month0 = +focused.slice(5, 7) - 1;
  const weeks = monthGrid(year, month0, firstDay);
  const headingText = names.heading.format(Date.UTC(year, month0, 1));
  const heading = headingText.charAt(0).toLocaleUpperCase(locale) + headingText.slice(1);
  const isDisabled = (iso: string) => !!min && iso < min;

  useEffect(() => {
    if (!focusCell.current) return;
    dialogRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  // A press anywhere outside the dialog (and its button, which toggles it) closes it; focus
  // goes where the visitor pressed.
  const closeOutside = useEffectEvent((target: EventTarget | null) => {
    if (!(target instanceof Node)) return;
    if (dialogRef.current?.contains(target) || toggle.current?.contains(target)) return;
    onClose(false);
  });
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => closeOutside(event.target);
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const show = (iso: string, moveFocus: boolean) => {
    focusCell.current = moveFocus;
    setFocused(iso);
  };

  const choose = (iso: string) => {
    if (!isDisabled(iso)) onSelect(iso);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const back = event.shiftKey ? -12 : -1;
    let next: string;
    switch (event.key) {
      case 'ArrowRight':
        next = addDays(focused, rtl ? -1 : 1);
        break;
      case 'ArrowLeft':
        next = addDays(focused, rtl ? 1 : -1);
        break;
      case 'ArrowDown':
        next = addDays(focused, 7);
        break;
      case 'ArrowUp':
        next = addDays(focused, -7);
        break;
      case 'Home':
        next = startOfWeek(focused, firstDay);
        break;
      case 'End':
        next = endOfWeek(focused, firstDay);
        break;
      case 'PageUp':
        next = addMonths(focused, back);
        break;
      case 'PageDown':
        next = addMonths(focused, -back);
        break;
      case 'Enter':
        event.preventDefault();
        choose(focused);
        return;
      case ' ':
        // Chosen on key up: were focus moved to the toggle button now, the key's release would
        // press it and open the dialog again.
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    show(next, true);
  };

  const onGridKeyUp = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    choose(focused);
  };

  // Escape closes without a change; Tab and Shift+Tab go round the dialog's controls.
  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const stops = Array.from(
      dialogRef.current.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]'),
    );
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      {/* On phones the calendar is a bottom sheet over a dimmed page; a press on it closes. */}
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/40 sm:hidden" />
      <div
        ref={dialogRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={helpId}
        onKeyDown={onDialogKeyDown}
        className="z-50 border border-line bg-raised p-3 text-ink shadow-panel max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:mx-auto max-sm:max-w-sm max-sm:rounded-t-card max-sm:border-b-0 max-sm:pb-6 sm:absolute sm:end-0 sm:top-full sm:mt-2 sm:w-[22rem] sm:rounded-card"
      >
        <div className="flex items-center gap-0.5">
          <button
            type="button"
            className={navButtonClass}
            aria-label={t('datePicker.previousYear')}
            onClick={() => show(addMonths(focused, -12), false)}
          >
            <DoubleChevronIcon toward="start" />
          </button>
          <button
            type="button"
            className={navButtonClass}
            aria-label={t('datePicker.previousMonth')}
            onClick={() => show(addMonths(focused, -1), false)}
          >
            <ChevronStartIcon />
          </button>
          <h2
            id={headingId}
            aria-live="polite"
            className="min-w-0 flex-1 text-center text-base font-semibold whitespace-nowrap text-ink"
          >
            {heading}
          </h2>
          <button
            type="button"
            className={navButtonClass}
            aria-label={t('datePicker.nextMonth')}
            onClick={() => show(addMonths(focused, 1), false)}
          >
            <ChevronEndIcon />
          </button>
          <button
            type="button"
            className={navButtonClass}
            aria-label={t('datePicker.nextYear')}
            onClick={() => show(addMonths(focused, 12), false)}
          >
            <DoubleChevronIcon toward="end" />
          </button>
        </div>
        <table
          role="grid"
          aria-labelledby={headingId}
          onKeyDown={onGridKeyDown}
          onKeyUp={onGridKeyUp}
          className="mt-2 w-full table-fixed border-collapse"
        >
          <thead>
            <tr>
              {names.weekdays.map((day) => (
                <th
                  key={day.long}
                  scope="col"
                  abbr={day.long}
                  className="pb-1 text-center text-xs font-semibold text-ink-muted"
                >
                  {day.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean)}>
                {week.map((iso, index) =>
                  iso ? (
                    <DayCell
                      key={iso}
                      iso={iso}
                      tabbable={iso === focused}
                      selected={iso === selected}
                      today={iso === today}
                      disabled={isDisabled(iso)}
                      onFocus={() => show(iso, false)}
                      onClick={() => choose(iso)}
                    />
                  ) : (
                    <td key={`empty-${index}`} role="gridcell" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-3 flex items-end justify-between gap-3 border-t border-line pt-3">
          <p id={helpId} className="text-xs text-ink-muted">
            {t('datePicker.help')}
          </p>
          <button
            type="button"
            onClick={() => onClose(true)}
            className="shrink-0 rounded-md border border-line-strong bg-raised px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface"
          >
            {t('datePicker.close')}
          </button>
        </div>
      </div>
    </>
  );
}

type DayCellProps = {
  iso: string;
  tabbable: boolean;
  selected: boolean;
  today: boolean;
  disabled: boolean;
  onFocus: () => void;
  onClick: () => void;
};

function DayCell({ iso, tabbable, selected, today, disabled, onFocus, onClick }: DayCellProps) {
  const tone = selected
    ? 'bg-brand font-semibold text-on-brand'
    : disabled
      ? 'text-ink-muted opacity-50'
      : today
        ? 'bg-accent-soft font-semibold text-accent'
        : 'text-ink group-hover:bg-accent-soft';
  return (
    <td
      role="gridcell"
      tabIndex={tabbable ? 0 : -1}
      data-date={iso}
      aria-selected={selected || undefined}
      aria-disabled={disabled || undefined}
      aria-current={today ? 'date' : undefined}
      onFocus={onFocus}
      onClick={onClick}
      className={`group p-0.5 text-center outline-hidden ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}
    >
      <span
        className={`mx-auto flex size-9 items-center justify-center rounded-full text-sm tabular-nums group-focus:ring-2 group-focus:ring-focus ${tone}`}
      >
        {Number(iso.slice(8))}
      </span>
    </td>
  );
}

/** Two chevrons toward the start or end of the line (a year back or on); mirrored in RTL. */
function DoubleChevronIcon({ toward }: { toward: 'start' | 'end' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-4 rtl:-scale-x-100"
    >
      <path d={toward === 'start' ? 'm12 6-6 6 6 6m7-12-6 6 6 6' : 'm12 6 6 6-6 6M5 6l6 6-6 6'} />
    </svg>
  );
}
