// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { themeScript } from './theme-script';

function runWith(stored: string | null) {
  document.documentElement.className = '';
  localStorage.clear();
  if (stored !== null) localStorage.setItem('theme', stored);
  new Function(themeScript)();
  return document.documentElement.className;
}

describe('theme script', () => {
  it('applies a stored dark theme', () => {
    expect(runWith('theme-dark')).toBe('theme-dark');
  });

  it('falls back to light for light, auto, unknown or missing values', () => {
    expect(runWith('theme-light')).toBe('theme-light');
    expect(runWith('theme-auto')).toBe('theme-light');
    expect(runWith('purple')).toBe('theme-light');
    expect(runWith(null)).toBe('theme-light');
  });

  it('still sets light when storage cannot be read', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(runWith(null)).toBe('theme-light');
    spy.mockRestore();
  });
});
