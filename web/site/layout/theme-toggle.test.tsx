// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('switches between light and dark, on <html> and in storage', async () => {
    document.documentElement.classList.add('theme-light');
    renderInPage(<ThemeToggle />, samplePageProps({ route: '/' }));

    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.classList.contains('theme-dark')).toBe(true);
    expect(document.documentElement.classList.contains('theme-light')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('theme-dark');

    fireEvent.click(await screen.findByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.classList.contains('theme-light')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('theme-light');
    expect(await screen.findByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });

  it('describes the action for the theme the page started in', () => {
    document.documentElement.classList.add('theme-dark');
    renderInPage(<ThemeToggle />, samplePageProps({ route: '/', locale: 'nl' }));
    expect(screen.getByRole('button', { name: 'Licht thema inschakelen' })).toBeTruthy();
  });

  it('follows a theme change made elsewhere on the page', async () => {
    document.documentElement.classList.add('theme-light');
    renderInPage(<ThemeToggle />, samplePageProps({ route: '/' }));
    await act(async () => {
      document.documentElement.classList.replace('theme-light', 'theme-dark');
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });
});
