// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentVersion, FieldSpec } from '../api';
import { ConflictView } from './conflict-view';
import { LangContext } from '../shell/lang';

const fields: FieldSpec[] = [
  { name: 'title', kind: 'text' },
  { name: 'description', kind: 'text' },
  { name: 'date', kind: 'date' },
];

const base = { title: 'Cairo office moves', description: 'A larger office.', date: '2026-07-20' };
const theirs: ContentVersion = {
  id: 12,
  author: { id: 'st-2', name: 'Huda Karim' },
  shipped: false,
  createdAt: '2026-11-27T09:00:00Z',
  body: { ...base, title: 'Cairo office moves to New Cairo' },
};

describe('ConflictView', () => {
  it('shows what they changed and what I changed, and does nothing until I choose', () => {
    const choices = { keep: vi.fn(), save: vi.fn(), take: vi.fn() };
    render(
      <LangContext.Provider value="en">
        <ConflictView
          theirs={theirs}
          base={base}
          mine={{ ...base, description: 'A larger office with a laboratory.' }}
          fields={fields}
          locale="en"
          busy={false}
          onKeepTheirs={choices.keep}
          onSaveMine={choices.save}
          onTakeField={choices.take}
        />
      </LangContext.Provider>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/^Huda Karim saved it on /);
    const their = document.querySelector('[data-conflict-side="theirs"]') as HTMLElement;
    const mine = document.querySelector('[data-conflict-side="mine"]') as HTMLElement;
    within(their).getByRole('heading', {
      name: 'What Huda Karim changed since the version you started from',
    });
    expect(their.querySelector('[data-diff-field="title"] ins')?.textContent).toBe(
      'added:  to New Cairo',
    );
    expect(their.querySelector('[data-diff-field="description"]')).toBeNull();
    expect(mine.querySelector('[data-diff-field="description"] ins')?.textContent).toBe(
      'added:  with a laboratory',
    );
    expect(mine.querySelector('[data-diff-field="title"]')).toBeNull();
    expect(Object.values(choices).every((f) => f.mock.calls.length === 0)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Use their Title' }));
    expect(choices.take).toHaveBeenCalledWith('title');
    fireEvent.click(screen.getByRole('button', { name: 'Save mine on top of theirs' }));
    expect(choices.save).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Keep theirs, discard mine' }));
    expect(choices.keep).toHaveBeenCalledOnce();
  });

  it('says so when I have nothing unsaved, and offers no field they have not changed', () => {
    render(
      <LangContext.Provider value="ar">
        <ConflictView
          theirs={theirs}
          base={base}
          mine={{ ...base, title: 'Cairo office moves to New Cairo' }}
          fields={fields}
          locale="ar"
          busy={false}
          onKeepTheirs={() => {}}
          onSaveMine={() => {}}
          onTakeField={() => {}}
        />
      </LangContext.Provider>,
    );
    // Mine already holds their title: nothing to take.
    expect(screen.queryByRole('button', { name: /^استخدام / })).toBeNull();
    expect(
      document.querySelector('[data-conflict-side="theirs"] p[lang="ar"]')?.getAttribute('dir'),
    ).toBe('rtl');
  });
});
