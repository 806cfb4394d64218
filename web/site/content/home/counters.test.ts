import { describe, expect, it } from 'vitest';
import { countFrame, counterValue, formatCount } from './counters';

describe('formatCount', () => {
  it('groups thousands with a comma in English and Arabic, with Western digits', () => {
    expect(formatCount(1250, 'en')).toBe('1,250');
    expect(formatCount(1234567, 'ar')).toBe('1,234,567');
    expect(formatCount(320, 'en')).toBe('320');
  });

  it('groups thousands the Dutch and French way', () => {
    expect(formatCount(1250, 'nl')).toBe('1.250');
    expect(formatCount(1250, 'fr')).toMatch(/^1\s250$/u);
  });
});

describe('counterValue', () => {
  it('counts whole years since a year, as of the page year', () => {
    expect(counterValue({ sinceYear: 2011, label: 'Years' }, 2026)).toBe(15);
    expect(counterValue({ value: 540, suffix: '+', label: 'Audits' }, 2026)).toBe(540);
  });
});

describe('countFrame', () => {
  it('starts at 0, ends at the value and never shows a number below 0', () => {
    expect(countFrame(540, 0)).toBe(0);
    // A frame stamped before the count started (its timestamp is the frame's, not the call's).
    expect(countFrame(540, -16)).toBe(0);
    expect(countFrame(15, -2000)).toBe(0);
    expect(countFrame(540, 2000)).toBe(540);
    expect(countFrame(540, 5000)).toBe(540);
  });

  it('climbs without going back', () => {
    let previous = 0;
    for (let ms = 0; ms <= 2000; ms += 16) {
      const shown = countFrame(1250, ms);
      expect(shown).toBeGreaterThanOrEqual(previous);
      expect(shown).toBeLessThanOrEqual(1250);
      previous = shown;
    }
  });
});
