// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LangContext } from './lang';
import { SelectionBar, type BulkAnswer } from './selection-bar';

const answer = (over: Partial<BulkAnswer>): BulkAnswer => ({
  ok: true,
  status: 200,
  data: null,
  message: '',
  errors: {},
  ...over,
});

function show(props: Partial<Parameters<typeof SelectionBar>[0]>, lang = 'en') {
  const onDone = vi.fn();
  const view = render(
    <LangContext.Provider value={lang}>
      <SelectionBar
        count={2}
        apply={async () => answer({})}
        nameOf={(id) => ({ a: 'Amal', b: 'Badr' })[id] ?? id}
        onDone={onDone}
        {...props}
      />
    </LangContext.Provider>,
  );
  return { onDone, view };
}

describe('the selection bar', () => {
  it('is not there while nothing is chosen', () => {
    const { view } = show({ count: 0 });
    expect(view.container.textContent).toBe('');
  });

  it('says how many are chosen and applies the action under the name given', () => {
    show({ applyText: 'End their sessions' });
    expect(screen.getByRole('heading', { name: 'Chosen: 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End their sessions' })).toBeTruthy();
  });

  it('reports what came of each item by name, the refused ones first', async () => {
    const { onDone } = show({
      apply: async () =>
        answer({
          message: 'Done for 1 of 2.',
          data: {
            done: 1,
            results: [
              { id: 'a', ok: true, message: 'Signed out.' },
              { id: 'b', ok: false, message: 'No such account.' },
            ],
          },
        }),
    });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Apply to the chosen items' })),
    );
    const rows = screen
      .getByRole('list', { name: 'What came of each item' })
      .querySelectorAll('li');
    expect([...rows].map((r) => r.textContent)).toEqual([
      'Not done:BadrNo such account.',
      'Done:AmalSigned out.',
    ]);
    expect(screen.getByText('Done for 1 of 2.')).toBeTruthy();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('shows the refusal of the whole request and keeps the selection', async () => {
    const { onDone } = show({
      apply: async () => answer({ ok: false, status: 400, errors: { ids: 'Choose at most 100.' } }),
    });
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByText('Choose at most 100.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('speaks Arabic to an Arabic reader', () => {
    show({}, 'ar');
    expect(screen.getByRole('heading').textContent).toContain('2');
    expect(screen.getByRole('button').textContent).not.toMatch(/[a-z]/i);
  });
});
