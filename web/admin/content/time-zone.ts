import { fromZonedTime, getTimezoneOffset } from 'date-fns-tz';

/** How many minutes a time zone is ahead of UTC at a moment. */
export function offsetOf(zone: string, at: Date): number {
  return Math.round(getTimezoneOffset(zone, at) / 60_000) || 0;
}

/** Text kept in its own direction inside a sentence of the other (first-strong isolate). */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * An offset as "UTC+03:00" or "UTC−05:00", isolated so that it reads left to right inside
 * Arabic text.
 */
export function utcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return isolated(`UTC${minutes < 0 ? '\u2212' : '+'}${hh}:${mm}`);
}

/** The moment a wall-clock time ("2026-11-27T14:30", seconds optional) names in a time zone. */
export function zonedMoment(local: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(local)) return null;
  const at = fromZonedTime(local, zone);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The time zones to choose from, UTC among them. */
export function zones(): string[] {
  const all = Intl.supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
}

/** A zone as it reads: "America/New York". */
export const zoneName = (zone: string) => zone.replaceAll('_', ' ');
