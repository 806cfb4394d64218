// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LangContext, navigate, whenLeaving } from './ui';
import { useUnsavedGuard } from './unsaved';

/** An editor's form with one text and the guard, as the content editor uses it. */
function Form({ onLanguage }: { onLanguage: (next: string) => void }) {
  const [text, setText] = useState('');
  const { guard, dialog } = useUnsavedGuard(text !== '', 'Arabic');
  return (
    <LangContext.Provider value="en">
      <label>
        Title
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="button" onClick={() => guard(() => onLanguage('fr'))}>
        French
      </button>
      {dialog}
    </LangContext.Provider>
  );
}

describe('useUnsavedGuard', () => {
  it('asks before unsaved changes are left, and goes on only when told to', () => {
    const onLanguage = vi.fn();
    navigate('/admin/content/news/a-story');
    render(<Form onLanguage={onLanguage} />);

    // Nothing unsaved: nothing asked.
    fireEvent.click(screen.getByRole('button', { name: 'French' }));
    expect(onLanguage).toHaveBeenCalledOnce();

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'French' }));
    const dialog = document.querySelector('[data-unsaved-dialog]') as HTMLElement;
    expect(within(dialog).getByRole('heading').textContent).toBe('Discard your unsaved changes?');
    expect(dialog.textContent).toContain('Your changes to the Arabic text are not saved.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(onLanguage).toHaveBeenCalledOnce();
    expect(document.querySelector('[data-unsaved-dialog]')).toBeNull();

    // The app's own links ask too, and the browser on leaving the page.
    act(() => navigate('/admin/inbox'));
    expect(window.location.pathname).toBe('/admin/content/news/a-story');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));

    // The browser's back button: the address is put back, and the question asked.
    act(() => {
      window.history.pushState(null, '', '/admin/content');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(window.location.pathname).toBe('/admin/content/news/a-story');
    fireEvent.click(screen.getByRole('button', { name: 'Discard my changes' }));
    expect(window.location.pathname).toBe('/admin/content');
    expect(document.querySelector('[data-unsaved-dialog]')).toBeNull();
  });
});

describe('whenLeaving', () => {
  it('signs out only once unsaved changes are discarded', () => {
    const signOut = vi.fn();
    navigate('/admin/content/news/a-story');
    render(<Form onLanguage={() => {}} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Changed' } });

    act(() => whenLeaving(signOut));
    expect(signOut).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(signOut).not.toHaveBeenCalled();

    act(() => whenLeaving(signOut));
    fireEvent.click(screen.getByRole('button', { name: 'Discard my changes' }));
    expect(signOut).toHaveBeenCalledOnce();
  });
});
