// @vitest-environment jsdom
import {
  Outlet,
  RouterProvider,
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type RouterHistory,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LangContext } from './lang';
import { moveTo, navigate, whenLeaving } from './navigation';
import { bindRouter } from './navigation';
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

const story = '/admin/content/news/a-story';
let history: RouterHistory | undefined;
afterEach(() => history?.destroy());
// The router puts the page's scroll back as the history moves; jsdom lays nothing out.
vi.stubGlobal('scrollTo', () => {});

/** The form at the story's address, reached from the content list, under a router of its own. */
async function editStory(onLanguage: (next: string) => void = () => {}) {
  window.history.replaceState(null, '', '/admin/content');
  history = createBrowserHistory();
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    history,
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: story,
        component: () => <Form onLanguage={onLanguage} />,
      }),
      createRoute({ getParentRoute: () => root, path: '$', component: () => <p>Elsewhere</p> }),
    ]),
  });
  bindRouter(router);
  render(<RouterProvider router={router} />);
  await screen.findByText('Elsewhere');
  act(() => moveTo(story));
  return screen.findByLabelText('Title');
}

const question = () => document.querySelector('[data-unsaved-dialog]') as HTMLElement | null;
const answered = () => waitFor(() => expect(question()).toBeNull());

describe('useUnsavedGuard', () => {
  it('asks before unsaved changes are left, and goes on only when told to', async () => {
    const onLanguage = vi.fn();
    const title = await editStory(onLanguage);

    // Nothing unsaved: nothing asked.
    fireEvent.click(screen.getByRole('button', { name: 'French' }));
    expect(onLanguage).toHaveBeenCalledOnce();

    fireEvent.change(title, { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'French' }));
    const dialog = question()!;
    expect(within(dialog).getByRole('heading').textContent).toBe('Discard your unsaved changes?');
    expect(dialog.textContent).toContain('Your changes to the Arabic text are not saved.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(onLanguage).toHaveBeenCalledOnce();
    expect(question()).toBeNull();

    // The app's own links ask too, and the browser on leaving the page.
    act(() => navigate('/admin/inbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await answered();
    expect(window.location.pathname).toBe(story);
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Changed');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    // The browser's back button: kept, the address is put back, and the form stays.
    act(() => window.history.back());
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await answered();
    expect(window.location.pathname).toBe(story);
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Changed');

    // Discarded, the move goes on.
    act(() => window.history.back());
    fireEvent.click(await screen.findByRole('button', { name: 'Discard my changes' }));
    await screen.findByText('Elsewhere');
    expect(window.location.pathname).toBe('/admin/content');
    expect(question()).toBeNull();
  });

  it('asks nothing for a move within the page', async () => {
    const title = await editStory();
    fireEvent.change(title, { target: { value: 'Changed' } });
    act(() => navigate(`${story}#main`));
    await waitFor(() => expect(window.location.hash).toBe('#main'));
    expect(question()).toBeNull();
  });
});

describe('whenLeaving', () => {
  it('signs out only once unsaved changes are discarded', async () => {
    const signOut = vi.fn();
    const title = await editStory();
    fireEvent.change(title, { target: { value: 'Changed' } });

    act(() => whenLeaving(signOut));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await answered();
    expect(signOut).not.toHaveBeenCalled();

    act(() => whenLeaving(signOut));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard my changes' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
  });
});
