import { describe, expect, it } from 'vitest';
import { localizePath, routeOf, switchLocalePath } from './locale-paths';

describe('localizePath', () => {
  it('leaves English routes as they are and prefixes the others', () => {
    expect(localizePath('/about-us', 'en')).toBe('/about-us');
    expect(localizePath('/about-us', 'ar')).toBe('/ar/about-us');
    expect(localizePath('/auth/login', 'fr')).toBe('/fr/auth/login');
  });

  it('turns the home page into the bare prefix, never with a trailing slash', () => {
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/', 'nl')).toBe('/nl');
    expect(localizePath('', 'ar')).toBe('/ar');
  });
});

describe('routeOf', () => {
  it('removes a locale prefix', () => {
    expect(routeOf('/nl/about-us')).toBe('/about-us');
    expect(routeOf('/ar')).toBe('/');
    expect(routeOf('/about-us')).toBe('/about-us');
    expect(routeOf('/')).toBe('/');
  });

  it('does not mistake a two-letter first segment that is no locale', () => {
    expect(routeOf('/de/about-us')).toBe('/de/about-us');
    expect(routeOf('/arabic')).toBe('/arabic');
  });
});

describe('switchLocalePath', () => {
  it('builds the same page in the chosen language', () => {
    expect(switchLocalePath({ pathname: '/about-us' }, 'ar')).toBe('/ar/about-us');
    expect(switchLocalePath({ pathname: '/nl/about-us' }, 'en')).toBe('/about-us');
    expect(switchLocalePath({ pathname: '/ar' }, 'en')).toBe('/');
    expect(switchLocalePath({ pathname: '/' }, 'ar')).toBe('/ar');
    expect(switchLocalePath({ pathname: '/fr/compliance/soc-reports' }, 'nl')).toBe(
      '/nl/compliance/soc-reports',
    );
  });

  it('stays on this site whatever the path holds', () => {
    expect(switchLocalePath({ pathname: '/nl//evil.example/phish' }, 'en')).toBe(
      '/evil.example/phish',
    );
    expect(switchLocalePath({ pathname: '//evil.example' }, 'fr')).toBe('/fr');
    expect(switchLocalePath({ pathname: '/ar/.//evil.example' }, 'en')).toBe('/evil.example');
    expect(switchLocalePath({ pathname: '/fr/%2f%2fevil.example' }, 'en')).toBe('/');
    expect(switchLocalePath({ pathname: '/nl/\\evil.example' }, 'en')).toBe('/');
  });

  it('keeps the query string and fragment', () => {
    expect(
      switchLocalePath({ pathname: '/nl/forms', search: '?type=audit', hash: '#top' }, 'fr'),
    ).toBe('/fr/forms?type=audit#top');
  });
});
