import { intlLocale } from '../i18n/formatting';
import type { Locale } from '../pages/page-props';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * When something happened, for the sessions list: relative ("5 minutes ago", "yesterday") within
 * a week, else the date and time, in the page's language and the visitor's time zone.
 */
export function formatWhen(iso: string, locale: Locale, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const elapsed = time - now;
  if (Math.abs(elapsed) < 7 * 86_400_000) {
    const relative = new Intl.RelativeTimeFormat(intlLocale(locale), {
      numeric: 'auto',
      numberingSystem: 'latn',
    } as Intl.RelativeTimeFormatOptions);
    for (const [unit, size] of units) {
      if (Math.abs(elapsed) >= size) return relative.format(Math.round(elapsed / size), unit);
    }
    return relative.format(0, 'second');
  }
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    numberingSystem: 'latn',
  }).format(time);
}
