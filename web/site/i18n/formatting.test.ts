import { describe, expect, it } from 'vitest';
import {
  addMinutes,
  formatDate,
  formatDateTime,
  formatMoneyRange,
  formatMinutes,
  instantOf,
  timeZoneName,
} from './formatting';

describe('formatDate', () => {
  it('writes a calendar date in the page language with Western digits', () => {
    expect(formatDate('2026-10-14', 'en')).toBe('14 October 2026');
    expect(formatDate('2026-10-14', 'nl')).toBe('14 oktober 2026');
    expect(formatDate('2026-10-14', 'fr')).toBe('14 octobre 2026');
    const arabic = formatDate('2026-10-14', 'ar');
    expect(arabic).toMatch(/14/);
    expect(arabic).toMatch(/2026/);
    expect(arabic).toMatch(/\p{Script=Arabic}/u);
  });

  it('gives the date of a date-time where it was written, whatever the machine zone', () => {
    expect(formatDate('2026-12-09T01:30:00+04:00', 'en')).toBe('9 December 2026');
  });

  it('returns text it cannot read unchanged', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('shows the time in the offset of the event, with the zone', () => {
    const text = formatDateTime('2026-12-09T10:00:00+04:00', 'en');
    expect(text).toContain('Wednesday');
    expect(text).toContain('9 December 2026');
    expect(text).toContain('10:00');
    expect(text).toContain('GMT+4');
  });

  it('writes offsets that are not whole hours', () => {
    expect(formatDateTime('2026-12-09T10:00:00+05:30', 'en')).toMatch(/10:00 UTC\+05:30$/);
  });

  it('uses Western digits in Arabic', () => {
    const text = formatDateTime('2026-12-09T15:00:00+02:00', 'ar');
    expect(text).toMatch(/03:00|3:00/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });
});

describe('addMinutes', () => {
  it('keeps the offset of the start', () => {
    expect(addMinutes('2026-12-09T10:00:00+04:00', 90)).toBe('2026-12-09T11:30:00+04:00');
    expect(addMinutes('2026-12-09T23:30:00Z', 60)).toBe('2026-12-10T00:30:00Z');
    expect(addMinutes('2026-12-09T10:00:00-03:30', 30)).toBe('2026-12-09T10:30:00-03:30');
  });
});

describe('instantOf', () => {
  it('reads dates and date-times', () => {
    expect(instantOf('2026-12-09T10:00:00+04:00')).toBe(Date.UTC(2026, 11, 9, 6));
    expect(instantOf('2026-12-09')).toBe(Date.UTC(2026, 11, 9));
    expect(instantOf('later')).toBeNaN();
  });
});

describe('formatMinutes and timeZoneName', () => {
  it('names durations and zones in the page language', () => {
    expect(formatMinutes(60, 'en')).toBe('60 minutes');
    expect(formatMinutes(45, 'ar')).toMatch(/45/);
    expect(timeZoneName('Asia/Dubai', 'en')).toBe('Gulf Standard Time');
    expect(timeZoneName('Not/AZone', 'en')).toBe('Not/AZone');
  });
});

describe('formatMoneyRange', () => {
  it('writes a pay range in the page language with Western digits and no pennies', () => {
    expect(formatMoneyRange('AED', 30000, 38000, 'en')).toBe('AED\u00a030,000–38,000');
    expect(formatMoneyRange('GBP', 70000, 85000, 'nl')).toContain('70.000');
    expect(formatMoneyRange('EGP', 45000, 65000, 'fr')).toMatch(/45\s000.65\s000/);
    const arabic = formatMoneyRange('AED', 30000, 38000, 'ar');
    expect(arabic).toContain('30,000');
    expect(arabic).toContain('38,000');
    expect(arabic).not.toMatch(/[\u0660-\u0669]/);
  });

  it('writes one amount when the range is a single figure', () => {
    expect(formatMoneyRange('GBP', 9000, 9000, 'en')).toBe('£9,000');
  });
});
