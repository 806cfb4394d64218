// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../api';
import { translate, type Key } from '../i18n';
import { LangContext } from '../shell/lang';
import { OutdatedPanel } from './outdated-panel';
import { BodyDiff, compareBodies } from './version-diff';

const t = (key: Key, params?: Record<string, string | number>) => translate('en', key, params);

const fields: FieldSpec[] = [
  { name: 'title', kind: 'text' },
  { name: 'date', kind: 'date' },
  { name: 'body', kind: 'texts' },
  {
    name: 'speakers',
    kind: 'objects',
    fields: [
      { name: 'name', kind: 'text' },
      { name: 'role', kind: 'text' },
    ],
  },
  { name: 'summary', kind: 'text', optional: true },
];

const before = {
  title: 'Cairo office moves',
  date: '2026-07-20',
  body: ['First paragraph.', 'Second paragraph.'],
  speakers: [{ name: 'Huda Karim', role: 'Lead auditor' }],
};

describe('compareBodies', () => {
  it('names each changed field, list entry and entry field as the editor labels it', () => {
    const after = {
      ...before,
      title: 'Cairo office moves to New Cairo',
      body: ['First paragraph.', 'A new paragraph.', 'Second paragraph, longer.'],
      speakers: [{ name: 'Huda Karim', role: 'Head of audit' }],
    };
    const { changed, kept } = compareBodies(t, before, after, fields);
    expect(changed.map((c) => [c.path, c.label])).toEqual([
      ['title', 'Title'],
      ['body[1]', 'Text 2'],
      ['body[2]', 'Text 3'],
      ['speakers[0].role', 'Speakers 1 · Role'],
    ]);
    expect(kept.map((k) => k.label)).toEqual(['Date']);
    // The paragraph added in the middle is added whole; the one after it is compared with
    // the paragraph it was.
    expect(changed[1]!.parts).toEqual([{ kind: 'added', text: 'A new paragraph.' }]);
    expect(changed[2]!.parts).toEqual([
      { kind: 'same', text: 'Second paragraph' },
      { kind: 'added', text: ', longer' },
      { kind: 'same', text: '.' },
    ]);
    const title = changed[0]!.parts;
    expect(title).toEqual([
      { kind: 'same', text: 'Cairo office moves' },
      { kind: 'added', text: ' to New Cairo' },
    ]);
  });

  it('counts neither key order nor an optional field left empty as a change', () => {
    const reordered = { speakers: before.speakers, body: before.body, date: before.date };
    const { changed } = compareBodies(
      t,
      before,
      { ...reordered, title: before.title, summary: '' },
      fields,
    );
    expect(changed).toEqual([]);
  });

  it('shows a removed list entry as removed whole', () => {
    const { changed } = compareBodies(
      t,
      before,
      { ...before, body: ['Second paragraph.'] },
      fields,
    );
    expect(changed).toEqual([
      {
        path: 'body[0]',
        label: 'Text 1',
        parts: [{ kind: 'removed', text: 'First paragraph.' }],
      },
    ]);
  });

  it('compares a rich-text body by its text, block by block', () => {
    const doc = (...texts: string[]) => ({
      type: 'doc',
      content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
    });
    const rich: FieldSpec[] = [{ name: 'body', kind: 'markup' }];
    const { changed } = compareBodies(
      t,
      { body: doc('We audit banks.', 'Call us.') },
      { body: doc('We audit banks and insurers.', 'Call us.') },
      rich,
    );
    expect(changed).toEqual([
      {
        path: 'body',
        label: 'Text',
        parts: [
          { kind: 'same', text: 'We audit banks' },
          { kind: 'added', text: ' and insurers' },
          { kind: 'same', text: '.\n\nCall us.' },
        ],
      },
    ]);
  });
});

describe('BodyDiff', () => {
  it('marks removed and added words with del and ins that say so to screen readers', () => {
    render(
      <LangContext.Provider value="en">
        <BodyDiff
          before={before}
          after={{ ...before, title: 'Cairo team moves' }}
          fields={fields}
          lang="en"
          dir="ltr"
        />
      </LangContext.Provider>,
    );
    const title = document.querySelector('[data-diff-field="title"]') as HTMLElement;
    expect(within(title).getByText('Title')).toBeTruthy();
    const removed = title.querySelector('del')!;
    const added = title.querySelector('ins')!;
    expect(removed.textContent).toBe('removed: office');
    expect(added.textContent).toBe('added: team');
    expect(removed.querySelector('.sr-only')?.textContent).toBe('removed: ');
    // The unchanged fields are folded away under their names.
    expect(screen.getByText('Unchanged: Date, Text, Speakers').closest('details')?.open).toBe(
      false,
    );
  });

  it('keeps Arabic text right to left, with the screen-reader words in the reader’s language', () => {
    render(
      <LangContext.Provider value="ar">
        <BodyDiff
          before={{ title: 'افتتح فريقنا مكتبًا في القاهرة' }}
          after={{ title: 'افتتح فريقنا مكتبًا أكبر في القاهرة' }}
          fields={[{ name: 'title', kind: 'text' }]}
          lang="ar"
          dir="rtl"
        />
      </LangContext.Provider>,
    );
    const text = document.querySelector('[data-diff-field="title"] p[lang="ar"]')!;
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(text.querySelector('ins')?.textContent).toBe('مُضاف: أكبر ');
    expect(screen.getByText('العنوان')).toBeTruthy();
  });

  it('says when nothing differs', () => {
    render(
      <LangContext.Provider value="en">
        <BodyDiff before={before} after={before} fields={fields} lang="en" dir="ltr" />
      </LangContext.Provider>,
    );
    expect(screen.getByText('No field differs.')).toBeTruthy();
  });
});

describe('a changed cover', () => {
  const coverFields: FieldSpec[] = [
    { name: 'title', kind: 'text' },
    { name: 'imageAlt', kind: 'text' },
    { name: 'cover', kind: 'cover', optional: true },
  ];
  const was = { title: 'Cairo office', imageAlt: 'The old Cairo office', cover: 'a1b2c3' };
  const now = { title: 'Cairo office', imageAlt: 'The New Cairo tower', cover: 'd4e5f6' };

  it('shows in the diff as two thumbnails with their alt text, not as ids', () => {
    render(
      <LangContext.Provider value="en">
        <BodyDiff before={was} after={now} fields={coverFields} lang="en" dir="ltr" />
      </LangContext.Provider>,
    );
    const cover = document.querySelector('[data-diff-field="cover"]') as HTMLElement;
    expect(cover.textContent).not.toContain('a1b2c3');
    expect(cover.textContent).not.toContain('d4e5f6');
    const before = within(cover).getByRole('img', { name: 'The old Cairo office' });
    const after = within(cover).getByRole('img', { name: 'The New Cairo tower' });
    expect(before.getAttribute('src')).toBe('/media/covers/a1b2c3/400.webp');
    expect(after.getAttribute('src')).toBe('/media/covers/d4e5f6/400.webp');
    expect(within(cover).getByText('Before')).toBeTruthy();
    expect(within(cover).getByText('After')).toBeTruthy();
  });

  it('says when a side has no uploaded cover, in the reader’s language', () => {
    render(
      <LangContext.Provider value="ar">
        <BodyDiff
          before={{ ...was, cover: '' }}
          after={now}
          fields={coverFields}
          lang="ar"
          dir="rtl"
        />
      </LangContext.Provider>,
    );
    const cover = document.querySelector('[data-diff-field="cover"]') as HTMLElement;
    expect(within(cover).getAllByRole('img')).toHaveLength(1);
    expect(within(cover).getByText(translate('ar', 'content.cover.none'))).toBeTruthy();
    expect(within(cover).getByText(translate('ar', 'content.cover.before'))).toBeTruthy();
  });

  it('shows in the outdated panel as two thumbnails of the English cover', () => {
    render(
      <LangContext.Provider value="en">
        <OutdatedPanel
          outdated={{
            since: '2026-11-27T09:00:00Z',
            englishBefore: was,
            englishNow: now,
            fields: ['imageAlt', 'cover'],
          }}
          fields={coverFields}
        />
      </LangContext.Provider>,
    );
    const cover = document.querySelector('[data-changed-field="cover"]') as HTMLElement;
    expect(cover.textContent).not.toContain('d4e5f6');
    expect(within(cover).getByRole('img', { name: 'The old Cairo office' })).toBeTruthy();
    expect(within(cover).getByRole('img', { name: 'The New Cairo tower' })).toBeTruthy();
  });
});
