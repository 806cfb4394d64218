import type { Locale } from '../pages/page-props';

// Dates, times and durations in the page's language. Western digits everywhere (the firm's
// Arabic material uses them too), and British conventions for English. Nothing here reads the
// clock or the machine's time zone, so the server and the browser write the same text.

const intlLocales: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL', fr: 'fr-FR', ar: 'ar' };

export function intlLocale(locale: Locale): string {
  return intlLocales[locale];
}

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;
const zoned = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

type Parsed = {
  /** The instant, as epoch milliseconds. */
  instant: number;
  /** Minutes east of UTC the value was written in; null for a date without a time. */
  offset: number | null;
};

function parse(value: string): Parsed | null {
  const day = dateOnly.exec(value);
  if (day) return { instant: Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!), offset: null };
  const time = zoned.exec(value);
  if (!time) return null;
  const zone = time[6]!;
  const offset =
    zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (+zone.slice(1, 3) * 60 + +zone.slice(4, 6));
  const wallClock = Date.UTC(+time[1]!, +time[2]! - 1, +time[3]!, +time[4]!, +time[5]!);
  return { instant: wallClock - offset * 60_000, offset };
}

/**
 * The IANA zone that shows an instant in the offset it was written in. Whole-hour offsets have
 * an Etc/GMT zone (whose sign is inverted by convention); others are shown as UTC wall-clock
 * time with a written offset.
 */
function zoneFor(offset: number): { timeZone: string; label?: string } {
  if (offset === 0) return { timeZone: 'UTC' };
  if (offset % 60 === 0) {
    const hours = offset / 60;
    return { timeZone: `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}` };
  }
  return { timeZone: 'UTC', label: `UTC${offsetText(offset)}` };
}

/** A calendar date such as "14 October 2026"; a date-time gives its date where it was written. */
export function formatDate(value: string, locale: Locale): string {
  const parsed = parse(value);
  if (!parsed) return value;
  const shifted = parsed.instant + (parsed.offset ?? 0) * 60_000;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(shifted);
}

/** Weekday, date, time and time zone of a date-time, in the offset it was written in. */
export function formatDateTime(value: string, locale: Locale): string {
  const parsed = parse(value);
  if (!parsed) return value;
  if (parsed.offset === null) return formatDate(value, locale);
  const zone = zoneFor(parsed.offset);
  const shown = zone.label ? parsed.instant + parsed.offset * 60_000 : parsed.instant;
  const text = new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone.timeZone,
    timeZoneName: zone.label ? undefined : 'short',
    numberingSystem: 'latn',
  }).format(shown);
  return zone.label ? `${text} ${zone.label}` : text;
}

/** The same date-time, `minutes` later, written with the same offset (ISO 8601). */
export function addMinutes(value: string, minutes: number): string {
  const parsed = parse(value);
  if (!parsed || parsed.offset === null) return value;
  const local = new Date(parsed.instant + (parsed.offset + minutes) * 60_000);
  return `${local.toISOString().slice(0, 19)}${offsetText(parsed.offset)}`;
}

function offsetText(offset: number): string {
  if (offset === 0) return 'Z';
  const minutes = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${offset > 0 ? '+' : '-'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Epoch milliseconds of a date or date-time, or NaN when it cannot be read. */
export function instantOf(value: string): number {
  return parse(value)?.instant ?? Number.NaN;
}

/** A number of minutes in words: "60 minutes", "60 دقيقة". */
export function formatMinutes(minutes: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
    numberingSystem: 'latn',
  }).format(minutes);
}

/** A plain number with Western digits. */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { numberingSystem: 'latn' }).format(value);
}

/** A pay range in whole units of its currency: "AED 30,000–38,000", "‏30,000–38,000 د.إ.‏". */
export function formatMoneyRange(
  currency: string,
  min: number,
  max: number,
  locale: Locale,
): string {
  const format = new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    numberingSystem: 'latn',
  });
  return min === max
    ? format.format(min)
    : format.formatRange(Math.min(min, max), Math.max(min, max));
}

/** The name of an IANA time zone, independent of daylight saving: "Gulf Standard Time". */
export function timeZoneName(timeZone: string, locale: Locale): string {
  try {
    const parts = new Intl.DateTimeFormat(intlLocale(locale), {
      timeZone,
      timeZoneName: 'longGeneric',
      numberingSystem: 'latn',
    }).formatToParts(Date.UTC(2026, 0, 15));
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** A file's size such as "1.2 MB" or "480 kB", in the page's language with Western digits. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1_000_000;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: megabytes ? 1 : 0,
    numberingSystem: 'latn',
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, bytes / 1000));
}
