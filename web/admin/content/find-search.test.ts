import { describe, expect, it } from 'vitest';
import { findAddress, findQuery, findSearch } from './find-search';

describe('the content filter in the address', () => {
  it('reads what the router parsed, dropping empty values', () => {
    expect(findSearch({ lang: 'ar', state: 'outdated', q: '  ', page: '2' })).toEqual({
      lang: 'ar',
      state: 'outdated',
    });
    expect(findSearch({ q: ['القاهرة', 'x'] })).toEqual({ q: 'القاهرة' });
  });

  it('writes the filters in one order, so one list has one address', () => {
    expect(findQuery({ state: 'outdated', lang: 'ar' })).toBe('lang=ar&state=outdated');
    expect(findAddress({})).toBe('/admin/content');
    expect(findAddress({ collection: 'news', q: 'iso 27001' })).toBe(
      '/admin/content?q=iso+27001&collection=news',
    );
  });
});
