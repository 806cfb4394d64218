import type { Problem } from '../../shared/form-kit/validation';
import type { Locale } from '../pages/page-props';

// Dates typed by visitors, in the way each language writes them, and the arithmetic the date
// picker's calendar needs. No React, no clock unless asked (`todayIso`), no machine time zone
// otherwise: every other function works on ISO calendar dates (YYYY-MM-DD) in UTC arithmetic, so
// the server and the browser agree.

export type DateConvention = {
  /** The order of day, month and year in a typed date. */
  order: 'mdy' | 'dmy';
  /** What the site writes between them. */
  separator: string;
  /** The first day of the week in the calendar: 0 Sunday, 1 Monday, 6 Saturday. */
  firstDay: 0 | 1 | 6;
  /** The hint shown to visitors, in their language. */
  pattern: string;
};

/**
 * English: the American order (a requirement of the firm's forms), weeks from Sunday. Dutch:
 * day-month-year with dashes, weeks from Monday (ISO 8601, as in the Netherlands). French:
 * day/month/year, weeks from Monday. Arabic: day/month/year with Western digits (the site's
 * digits everywhere), weeks from Saturday as in Egypt and the Gulf; the hint names the parts in
 * Arabic in reading order (day first), which is also the order in which they are typed.
 */
export const dateConventions: Record<Locale, DateConvention> = {
  en: { order: 'mdy', separator: '/', firstDay: 0, pattern: 'MM/DD/YYYY' },
  nl: { order: 'dmy', separator: '-', firstDay: 1, pattern: 'DD-MM-JJJJ' },
  fr: { order: 'dmy', separator: '/', firstDay: 1, pattern: 'JJ/MM/AAAA' },
  ar: { order: 'dmy', separator: '/', firstDay: 6, pattern: 'يوم/شهر/سنة' },
};

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function iso(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The parts of an ISO date that exists, or null. */
function partsOf(value: string): { year: number; month: number; day: number } | null {
  const match = isoDate.exec(value);
  if (!match) return null;
  const year = +match[1]!;
  const month = +match[2]!;
  const day = +match[3]!;
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month - 1);
}

/** Epoch milliseconds of a UTC calendar date; unlike Date.UTC, years 0 to 99 are left as they are. */
function utc(year: number, month0: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month0, day);
  return date.getTime();
}

/** The number of days in a month (month0: 0 = January). */
export function daysInMonth(year: number, month0: number): number {
  return new Date(utc(year, month0 + 1, 0)).getUTCDate();
}

/** Whether a string is an ISO date (YYYY-MM-DD) that exists. */
export function isIsoDate(value: string): boolean {
  return partsOf(value) !== null;
}

/** An ISO date as the visitor's language writes it: '2026-12-03' → '12/03/2026' (en). */
export function formatLocalDate(value: string, locale: Locale): string {
  const parts = partsOf(value);
  if (!parts) return value;
  const { order, separator } = dateConventions[locale];
  const day = pad(parts.day);
  const month = pad(parts.month);
  const first = order === 'mdy' ? month : day;
  const second = order === 'mdy' ? day : month;
  return [first, second, pad(parts.year, 4)].join(separator);
}

// Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹, Persian and Urdu keyboards) digits.
const easternDigits = /[\u0660-\u0669\u06f0-\u06f9]/g;
// Direction marks that pasted right-to-left text carries (LRM, RLM, ALM, isolates) and spaces
// a keyboard may insert around the parts.
const invisible = /[\u200e\u200f\u061c\u2066-\u2069\u202a-\u202e]/g;
const typed = /^(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d{4})$/;

/**
 * A date typed in the visitor's language, as an ISO date, or null when it is not one. Day and
 * month take one or two digits, the year four; the parts are separated by the language's
 * separator or any of '/', '-' and '.' (the same one twice). Arabic-Indic digits are read too.
 */
export function parseLocalDate(text: string, locale: Locale): string | null {
  const normalized = text
    .replace(invisible, '')
    .replace(easternDigits, (digit) => String(digit.charCodeAt(0) & 0xf))
    .trim();
  const match = typed.exec(normalized);
  if (!match) return null;
  const first = +match[1]!;
  const second = +match[3]!;
  const year = +match[4]!;
  const [month, day] = dateConventions[locale].order === 'mdy' ? [first, second] : [second, first];
  return isRealDate(year, month, day) ? iso(year, month, day) : null;
}

/** Today's date where the visitor is (the browser's time zone), as an ISO date. */
export function todayIso(now: Date = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/**
 * An optional date field's problem: none when empty; `dateFormat` (with the language's pattern)
 * when it cannot be read; `datePast` when it is before `minIso`.
 */
export function checkDate(text: string, locale: Locale, minIso?: string): Problem | null {
  if (!text.trim()) return null;
  const value = parseLocalDate(text, locale);
  if (!value) return { key: 'dateFormat', params: { pattern: dateConventions[locale].pattern } };
  if (minIso && value < minIso) return { key: 'datePast' };
  return null;
}

/**
 * The weeks of a month, each seven ISO dates long, starting on `firstDay` (0 Sunday … 6
 * Saturday); the places before the first and after the last day of the month are null.
 */
export function monthGrid(year: number, month0: number, firstDay: number): (string | null)[][] {
  const first = new Date(utc(year, month0, 1)).getUTCDay();
  const lead = (first - firstDay + 7) % 7;
  const days = daysInMonth(year, month0);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day++) {
    week.push(iso(year, month0 + 1, day));
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) {
    while (week.length < 7) week.push(null);
    weeks.push(week);
  }
  return weeks;
}

function fromUtc(time: number): string {
  const date = new Date(time);
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function utcOf(value: string): number {
  const parts = partsOf(value);
  if (!parts) throw new RangeError(`not an ISO date: ${value}`);
  return utc(parts.year, parts.month - 1, parts.day);
}

/** The day of the week of an ISO date: 0 Sunday … 6 Saturday. */
export function weekdayOf(value: string): number {
  return new Date(utcOf(value)).getUTCDay();
}

/** The ISO date `days` later (or earlier, when negative). */
export function addDays(value: string, days: number): string {
  return fromUtc(utcOf(value) + days * 86_400_000);
}

/**
 * The same day `months` later (or earlier), moved back to the month's last day when the month
 * is shorter: 31 January + 1 month is 28 or 29 February.
 */
export function addMonths(value: string, months: number): string {
  const parts = partsOf(value);
  if (!parts) throw new RangeError(`not an ISO date: ${value}`);
  const index = parts.year * 12 + parts.month - 1 + months;
  const year = Math.floor(index / 12);
  const month0 = index - year * 12;
  return iso(year, month0 + 1, Math.min(parts.day, daysInMonth(year, month0)));
}

/** The first day of the week that holds `value`, for weeks starting on `firstDay`. */
export function startOfWeek(value: string, firstDay: number): string {
  return addDays(value, -((weekdayOf(value) - firstDay + 7) % 7));
}

/** The last day of the week that holds `value`, for weeks starting on `firstDay`. */
export function endOfWeek(value: string, firstDay: number): string {
  return addDays(startOfWeek(value, firstDay), 6);
}
