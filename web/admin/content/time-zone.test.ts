import { describe, expect, it } from 'vitest';
import { offsetOf, utcOffset, zonedMoment, zoneName } from './time-zone';

describe('time zones of a schedule', () => {
  it('reads a wall-clock time in its zone as the moment it names', () => {
    expect(zonedMoment('2026-11-27T14:30', 'Asia/Dubai')?.toISOString()).toBe(
      '2026-11-27T10:30:00.000Z',
    );
    expect(zonedMoment('2026-11-27T14:30:15', 'UTC')?.toISOString()).toBe(
      '2026-11-27T14:30:15.000Z',
    );
    // New York keeps summer time in July and winter time in December.
    expect(zonedMoment('2026-07-01T09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(zonedMoment('2026-12-01T09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    );
  });

  it('takes no moment from a time not yet chosen in full', () => {
    expect(zonedMoment('', 'UTC')).toBeNull();
    expect(zonedMoment('2026-11-27', 'UTC')).toBeNull();
  });

  it("names a zone's offset at a moment, left to right inside any text", () => {
    expect(offsetOf('Asia/Dubai', new Date('2026-11-27T10:30:00Z'))).toBe(240);
    expect(offsetOf('Asia/Kolkata', new Date('2026-11-27T10:30:00Z'))).toBe(330);
    expect(offsetOf('America/New_York', new Date('2026-12-01T14:00:00Z'))).toBe(-300);
    expect(offsetOf('UTC', new Date())).toBe(0);
    expect(utcOffset(240)).toBe('\u2068UTC+04:00\u2069');
    expect(utcOffset(-300)).toBe('\u2068UTC\u221205:00\u2069');
    expect(utcOffset(330)).toBe('\u2068UTC+05:30\u2069');
    expect(zoneName('America/New_York')).toBe('America/New York');
  });
});
