import { describe, expect, it } from 'vitest';
import { locales } from '../pages/page-props';
import {
  addDays,
  addMonths,
  checkDate,
  dateConventions,
  endOfWeek,
  formatLocalDate,
  monthGrid,
  parseLocalDate,
  startOfWeek,
  todayIso,
  weekdayOf,
} from './date-field';

describe('date conventions', () => {
  it('writes dates the way each language does', () => {
    expect(formatLocalDate('2026-12-03', 'en')).toBe('12/03/2026');
    expect(formatLocalDate('2026-12-03', 'nl')).toBe('03-12-2026');
    expect(formatLocalDate('2026-12-03', 'fr')).toBe('03/12/2026');
    expect(formatLocalDate('2026-12-03', 'ar')).toBe('03/12/2026');
  });

  it('starts weeks on Sunday in English, Monday in Dutch and French, Saturday in Arabic', () => {
    expect(dateConventions.en.firstDay).toBe(0);
    expect(dateConventions.nl.firstDay).toBe(1);
    expect(dateConventions.fr.firstDay).toBe(1);
    expect(dateConventions.ar.firstDay).toBe(6);
  });

  it('gives a hint in the visitor’s language that matches the order and separator', () => {
    expect(dateConventions.en.pattern).toBe('MM/DD/YYYY');
    expect(dateConventions.nl.pattern).toBe('DD-MM-JJJJ');
    expect(dateConventions.fr.pattern).toBe('JJ/MM/AAAA');
    expect(dateConventions.ar.pattern).toMatch(/\p{Script=Arabic}/u);
    for (const locale of locales) {
      const { pattern, separator } = dateConventions[locale];
      expect(pattern.split(separator), locale).toHaveLength(3);
    }
  });

  it('leaves what is not an ISO date as it is', () => {
    expect(formatLocalDate('', 'en')).toBe('');
    expect(formatLocalDate('2026-02-30', 'en')).toBe('2026-02-30');
  });
});

describe('parseLocalDate', () => {
  it('reads the language’s order', () => {
    expect(parseLocalDate('12/03/2026', 'en')).toBe('2026-12-03');
    expect(parseLocalDate('03-12-2026', 'nl')).toBe('2026-12-03');
    expect(parseLocalDate('03/12/2026', 'fr')).toBe('2026-12-03');
    expect(parseLocalDate('03/12/2026', 'ar')).toBe('2026-12-03');
  });

  it('takes one- or two-digit days and months and any of / - .', () => {
    expect(parseLocalDate('1/2/2027', 'en')).toBe('2027-01-02');
    expect(parseLocalDate('1-2-2027', 'en')).toBe('2027-01-02');
    expect(parseLocalDate('1.2.2027', 'fr')).toBe('2027-02-01');
    expect(parseLocalDate('3/12/2026', 'nl')).toBe('2026-12-03');
    expect(parseLocalDate('  03.12.2026 ', 'nl')).toBe('2026-12-03');
    expect(parseLocalDate('03 / 12 / 2026', 'fr')).toBe('2026-12-03');
  });

  it('reads Arabic-Indic digits and ignores direction marks from pasted text', () => {
    expect(parseLocalDate('٠٣/١٢/٢٠٢٦', 'ar')).toBe('2026-12-03');
    expect(parseLocalDate('۳/۱۲/۲۰۲۶', 'ar')).toBe('2026-12-03');
    expect(parseLocalDate('\u200f03/12/2026\u200e', 'ar')).toBe('2026-12-03');
  });

  it('rejects impossible dates and other text', () => {
    expect(parseLocalDate('02/30/2026', 'en')).toBeNull();
    expect(parseLocalDate('31/04/2026', 'fr')).toBeNull();
    expect(parseLocalDate('13/01/2026', 'en')).toBeNull();
    expect(parseLocalDate('00/10/2026', 'fr')).toBeNull();
    expect(parseLocalDate('29-02-2026', 'nl')).toBeNull();
    expect(parseLocalDate('29-02-2028', 'nl')).toBe('2028-02-29');
    expect(parseLocalDate('29-02-1900', 'nl')).toBeNull();
    expect(parseLocalDate('29-02-2000', 'nl')).toBe('2000-02-29');
    expect(parseLocalDate('03/12/26', 'fr')).toBeNull();
    expect(parseLocalDate('03/12-2026', 'fr')).toBeNull();
    expect(parseLocalDate('123/1/2026', 'fr')).toBeNull();
    expect(parseLocalDate('2026-12-03', 'fr')).toBeNull();
    expect(parseLocalDate('tomorrow', 'en')).toBeNull();
    expect(parseLocalDate('', 'en')).toBeNull();
  });

  it('round-trips with formatLocalDate in every language', () => {
    for (const locale of locales) {
      for (const value of ['2026-01-01', '2026-12-31', '2028-02-29', '0999-07-04']) {
        expect(parseLocalDate(formatLocalDate(value, locale), locale), locale).toBe(value);
      }
    }
  });
});

describe('todayIso', () => {
  it('is the local calendar date', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('checkDate', () => {
  it('accepts an empty field', () => {
    expect(checkDate('', 'en')).toBeNull();
    expect(checkDate('   ', 'en', '2026-01-01')).toBeNull();
  });

  it('asks for the pattern when the text is not a date', () => {
    expect(checkDate('02/30/2026', 'en')).toEqual({
      key: 'dateFormat',
      params: { pattern: 'MM/DD/YYYY' },
    });
    expect(checkDate('soon', 'nl')).toEqual({
      key: 'dateFormat',
      params: { pattern: 'DD-MM-JJJJ' },
    });
  });

  it('refuses a date before the minimum and accepts the minimum itself', () => {
    expect(checkDate('12/02/2026', 'en', '2026-12-03')).toEqual({ key: 'datePast' });
    expect(checkDate('12/03/2026', 'en', '2026-12-03')).toBeNull();
    expect(checkDate('04/12/2026', 'fr', '2026-12-03')).toBeNull();
    expect(checkDate('04/12/2026', 'fr')).toBeNull();
  });
});

describe('monthGrid', () => {
  it('lays out December 2026 from Sunday: the 1st is a Tuesday', () => {
    const weeks = monthGrid(2026, 11, 0);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      null,
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(weeks[4]).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      null,
      null,
    ]);
  });

  it('starts on Monday and Saturday when asked', () => {
    expect(monthGrid(2026, 11, 1)[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(monthGrid(2026, 11, 6)[0]).toEqual([
      null,
      null,
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
  });

  it('holds every day of the month once, in weeks of seven', () => {
    for (const firstDay of [0, 1, 6]) {
      for (let month0 = 0; month0 < 12; month0++) {
        const weeks = monthGrid(2027, month0, firstDay);
        for (const week of weeks) expect(week).toHaveLength(7);
        const days = weeks.flat().filter(Boolean) as string[];
        expect(days[0]).toBe(`2027-${String(month0 + 1).padStart(2, '0')}-01`);
        expect(new Set(days).size).toBe(days.length);
        for (const week of weeks) {
          const first = week.find(Boolean);
          const index = week.indexOf(first!);
          expect((weekdayOf(first!) - index - firstDay + 14) % 7).toBe(0);
        }
      }
    }
    expect(monthGrid(2026, 1, 0).flat().filter(Boolean)).toHaveLength(28);
    expect(monthGrid(2028, 1, 0).flat().filter(Boolean)).toHaveLength(29);
  });
});

describe('calendar arithmetic', () => {
  it('moves by days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-03', 7)).toBe('2026-12-10');
  });

  it('moves by months, keeping the day where the month has it', () => {
    expect(addMonths('2026-12-03', 1)).toBe('2027-01-03');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -13)).toBe('2025-02-28');
  });

  it('finds the start and end of the week for each first day', () => {
    // 3 December 2026 is a Thursday.
    expect(weekdayOf('2026-12-03')).toBe(4);
    expect(startOfWeek('2026-12-03', 0)).toBe('2026-11-29');
    expect(endOfWeek('2026-12-03', 0)).toBe('2026-12-05');
    expect(startOfWeek('2026-12-03', 1)).toBe('2026-11-30');
    expect(endOfWeek('2026-12-03', 1)).toBe('2026-12-06');
    expect(startOfWeek('2026-12-03', 6)).toBe('2026-11-28');
    expect(endOfWeek('2026-12-03', 6)).toBe('2026-12-04');
    expect(startOfWeek('2026-12-05', 6)).toBe('2026-12-05');
  });
});
