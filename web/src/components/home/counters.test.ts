import { describe, expect, it } from 'vitest';
import { counterValue, formatCount } from './counters';

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
