// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { firstPaintScript } from './first-paint';

function runWith(stored: Record<string, string>) {
  document.documentElement.className = '';
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  new Function(firstPaintScript)();
  return document.documentElement.className.split(' ').sort().join(' ');
}

describe('first-paint script', () => {
  it('applies a stored dark theme', () => {
    expect(runWith({ theme: 'theme-dark' })).toBe('theme-dark');
  });

  it('falls back to light for light, auto, unknown or missing values', () => {
    expect(runWith({ theme: 'theme-light' })).toBe('theme-light');
    expect(runWith({ theme: 'theme-auto' })).toBe('theme-light');
    expect(runWith({ theme: 'purple' })).toBe('theme-light');
    expect(runWith({})).toBe('theme-light');
  });

  it('marks the visitor logged in exactly while the user-data entry exists', () => {
    expect(runWith({ userData: '{"fullName":"Omar Al-Rashidi Nasser"}' })).toBe(
      'signed-in theme-light',
    );
    expect(runWith({ userData: '', theme: 'theme-dark' })).toBe('signed-in theme-dark');
    expect(runWith({ user: '{}' })).toBe('theme-light');
  });

  it('still sets light and logged out when storage cannot be read', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(runWith({ userData: '{}' })).toBe('theme-light');
    spy.mockRestore();
  });
});
