// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samplePageProps } from '../testing/sample-props';
import { renderInPage } from '../testing/render-page';
import { defaultToastLife, flashToast, showToast, Toaster } from './toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('toasts', () => {
  it('live in a polite live region for 3000 ms by default', () => {
    renderInPage(<Toaster />, samplePageProps({ route: '/' }));
    const region = screen.getByRole('status', { name: 'Notifications' });
    act(() => showToast('You are now logged in.'));
    expect(region.textContent).toContain('You are now logged in.');
    expect(defaultToastLife).toBe(3000);
    act(() => vi.advanceTimersByTime(2999));
    expect(region.textContent).toContain('You are now logged in.');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).not.toContain('You are now logged in.');
  });

  it('stack, and each can be dismissed', () => {
    renderInPage(<Toaster />, samplePageProps({ route: '/' }));
    act(() => {
      showToast('First');
      showToast('Second', { life: 10_000 });
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First']);
    act(() => screen.getAllByRole('listitem').forEach(() => vi.runAllTimers()));
  });

  it('carry over to the next page load', () => {
    flashToast('Your password has been changed.');
    renderInPage(<Toaster />, samplePageProps({ route: '/auth/login' }));
    expect(screen.getByRole('status', { name: 'Notifications' }).textContent).toContain(
      'Your password has been changed.',
    );
    expect(sessionStorage.getItem('flashToasts')).toBeNull();
    act(() => vi.runAllTimers());
  });
});
