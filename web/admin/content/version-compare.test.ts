import { describe, expect, it } from 'vitest';
import type { ContentVersion } from '../api';
import { comparable, comparisonHref, comparisonIn, versionNumbers } from './version-compare';

const version = (id: number, shipped = false): ContentVersion => ({
  id,
  author: { id: shipped ? '' : 'st-1', name: shipped ? '' : 'Huda Karim' },
  shipped,
  createdAt: '2026-11-27T09:00:00Z',
});

// Newest first, as the server lists them; the oldest is the shipped text.
const versions = [version(40), version(31), version(12, true)];

describe('comparing two versions', () => {
  it('numbers the versions from the oldest, the shipped text being version 1', () => {
    const numbers = versionNumbers(versions);
    expect(numbers.get(12)).toBe(1);
    expect(numbers.get(31)).toBe(2);
    expect(numbers.get(40)).toBe(3);
  });

  it('reads the two versions an address chooses, and only versions of this language', () => {
    expect(comparisonIn('?lang=en&a=12&b=40', versions)).toEqual({ a: 12, b: 40 });
    expect(comparisonIn('?a=12&b=99', versions)).toEqual({ a: 12, b: 0 });
    expect(comparisonIn('?a=1e3&b=-40', versions)).toEqual({ a: 0, b: 0 });
    expect(comparisonIn('', versions)).toEqual({ a: 0, b: 0 });
  });

  it('compares only two different versions', () => {
    expect(comparable({ a: 12, b: 40 })).toBe(true);
    expect(comparable({ a: 40, b: 12 })).toBe(true);
    expect(comparable({ a: 12, b: 12 })).toBe(false);
    expect(comparable({ a: 12, b: 0 })).toBe(false);
  });

  it('keeps the choice in a shareable address, with the language and what the address held', () => {
    const path = '/admin/content/pages/page';
    const href = comparisonHref(path, '?route=%2Fabout-us&b=31', 'ar', { a: 12, b: 40 });
    const query = new URLSearchParams(href.slice(href.indexOf('?')));
    expect(href.startsWith(`${path}?`)).toBe(true);
    expect(query.get('route')).toBe('/about-us');
    expect(query.get('lang')).toBe('ar');
    expect(query.get('a')).toBe('12');
    expect(query.get('b')).toBe('40');
    // What the address chooses is read back as chosen.
    expect(comparisonIn(href.slice(href.indexOf('?')), versions)).toEqual({ a: 12, b: 40 });
    // Clearing a side leaves it out.
    expect(comparisonHref(path, '?a=12&b=40', 'en', { a: 0, b: 40 })).toBe(`${path}?b=40&lang=en`);
  });
});
