// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentLanguage, FieldSpec } from '../api';
import { ReviewPanel } from './review-panel';
import { LangContext } from '../shell/lang';

const fields: FieldSpec[] = [
  { name: 'title', kind: 'text' },
  { name: 'description', kind: 'text' },
];
const live = { title: 'Penetration testing', description: 'We test your defences.' };

function language(over: Partial<ContentLanguage>): ContentLanguage {
  return {
    state: 'in-review',
    live,
    latest: {
      id: 7,
      shipped: false,
      author: { id: 'author', name: 'Huda Karim' },
      createdAt: '2026-11-27T09:00:00Z',
      body: { ...live, title: 'Penetration testing by certified testers' },
    },
    published: 3,
    updatedAt: '2026-11-27T09:00:00Z',
    outdated: null,
    schedule: null,
    reviewRequired: true,
    mayApprove: true,
    review: {
      state: 'in-review',
      version: 7,
      sentBy: { id: 'author', name: 'Huda Karim' },
      note: 'New title',
      reviewedBy: null,
      comment: '',
      at: '2026-11-27T09:01:00Z',
    },
    ...over,
  };
}

function show(lang: ContentLanguage, me: string) {
  const calls = {
    send: vi.fn(async (_note: string) => true),
    decide: vi.fn(async (..._args: unknown[]) => true),
  };
  render(
    <LangContext.Provider value="en">
      <ReviewPanel
        lang={lang}
        locale="en"
        fields={fields}
        me={me}
        canWrite
        busy={false}
        onSend={calls.send}
        onDecide={calls.decide}
      />
    </LangContext.Provider>,
  );
  return calls;
}

describe('ReviewPanel', () => {
  it('shows a reviewer the change against the live text, word by word, and their choices', async () => {
    const calls = show(language({}), 'reviewer');
    expect(screen.getByText(/Sent by Huda Karim/).textContent).toContain('New title');
    const title = document.querySelector('[data-diff-field="title"] ins');
    expect(title?.textContent).toBe('added:  by certified testers');
    expect(document.querySelector('[data-diff-field="description"]')).toBeNull();
    fireEvent.change(screen.getByLabelText('Comment for the author (needed to ask for changes)'), {
      target: { value: 'Name the certification' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for changes' }));
    await waitFor(() =>
      expect(calls.decide).toHaveBeenCalledWith('changes', 7, 'Name the certification'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.decide).toHaveBeenCalledTimes(2));
    expect(calls.decide.mock.calls[1]?.[0]).toBe('approve');
  });

  it('offers its author no approval of their own change', () => {
    show(language({}), 'author');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('Sent for review: another reviewer must approve it.')).toBeTruthy();
  });

  it('lets the author send again, with a note, after changes were asked for', async () => {
    const calls = show(
      language({
        state: 'changes-requested',
        review: {
          state: 'changes-requested',
          version: 7,
          sentBy: { id: 'author', name: 'Huda Karim' },
          note: '',
          reviewedBy: { id: 'reviewer', name: 'Omar Said' },
          comment: 'Name the certification',
          at: '2026-11-27T10:00:00Z',
        },
      }),
      'author',
    );
    expect(document.querySelector('[data-review-comment]')?.textContent).toContain(
      'Name the certification',
    );
    fireEvent.change(screen.getByLabelText('Note for the reviewer (optional)'), {
      target: { value: 'CREST named' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(calls.send).toHaveBeenCalledWith('CREST named'));
  });

  it('shows nothing where no rule asks for a review', () => {
    show(language({ reviewRequired: false, review: null }), 'author');
    expect(document.querySelector('[data-review-panel]')).toBeNull();
  });
});
