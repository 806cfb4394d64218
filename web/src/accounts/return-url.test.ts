import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it.each(['/account', '/ar/account', '/resources/news?page=2#top', '/', '/a/b//c'])(
    'keeps the site path %j',
    (path) => {
      expect(safeReturnUrl(path)).toBe(path);
    },
  );

  it.each([
    null,
    undefined,
    '',
    'account',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    'javascript:alert(1)',
    '/a\\b',
    `/${'a'.repeat(2100)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnUrl(value)).toBeNull();
  });

  it('sends a login to the return path or else the account page', () => {
    expect(afterLoginPath('?returnUrl=%2Fabout-us', '/account')).toBe('/about-us');
    expect(afterLoginPath('?returnUrl=%2F%2Fevil.example', '/fr/account')).toBe('/fr/account');
    expect(afterLoginPath('', '/ar/account')).toBe('/ar/account');
  });
});
