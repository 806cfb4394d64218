import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './return-url';

// Which values are paths of this site is the shared table's business (../local-path.test.ts).
describe('afterLoginPath', () => {
  it('sends a login to the return path, normalized, or else the account page', () => {
    expect(afterLoginPath('?returnUrl=%2Fabout-us', '/account')).toBe('/about-us');
    expect(afterLoginPath('?returnUrl=%2Fnl%2Fabout-us%3Fa%3D1', '/nl/account')).toBe(
      '/nl/about-us?a=1',
    );
    expect(afterLoginPath('?returnUrl=%2F.%2F%2Fevil.example', '/account')).toBe('/evil.example');
    expect(afterLoginPath('?returnUrl=%2F%2Fevil.example', '/fr/account')).toBe('/fr/account');
    expect(afterLoginPath('?returnUrl=javascript%3Aalert(1)', '/account')).toBe('/account');
    expect(afterLoginPath('', '/ar/account')).toBe('/ar/account');
  });
});
