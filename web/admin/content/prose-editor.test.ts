import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { toStored } from './prose-editor';

const text = (value: string, marks?: JSONContent['marks']): JSONContent => ({
  type: 'text',
  text: value,
  marks,
});

describe('toStored', () => {
  it('keeps only what the server accepts of what TipTap writes', () => {
    const fromEditor: JSONContent = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Title')] },
        { type: 'paragraph' },
        {
          type: 'paragraph',
          content: [
            text('see ', [{ type: 'bold' }]),
            text('here', [
              {
                type: 'link',
                attrs: { href: '/services', target: '_blank', rel: 'noopener', class: null },
              },
            ]),
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [text('one')] }] },
            { type: 'listItem', content: [{ type: 'paragraph' }] },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] },
        { type: 'paragraph', content: [text('   ')] },
      ],
    };
    expect(toStored(fromEditor)).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'see ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'here', marks: [{ type: 'link', attrs: { href: '/services' } }] },
          ],
        },
        {
          type: 'orderedList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }],
            },
          ],
        },
      ],
    });
  });

  it('keeps a numbered list’s start and leaves an empty document empty', () => {
    const list: JSONContent = {
      type: 'orderedList',
      attrs: { start: 4 },
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('four')] }] }],
    };
    expect(toStored({ type: 'doc', content: [list] })!.content![0]!.attrs).toEqual({ start: 4 });
    expect(toStored({ type: 'doc', content: [{ type: 'paragraph' }] })).toEqual({
      type: 'doc',
      content: [],
    });
  });

  it('keeps a library picture by its id, with its caption trimmed or none', () => {
    const stored = toStored({
      type: 'doc',
      content: [
        { type: 'image', attrs: { media: 'abcdefghijklmnopqrstuvwx', caption: '  The team  ' } },
        { type: 'image', attrs: { media: 'abcdefghijklmnopqrstuvwx', caption: ' ' } },
        { type: 'image', attrs: { media: '', caption: 'lost' } },
      ],
    });
    expect(stored!.content).toEqual([
      { type: 'image', attrs: { media: 'abcdefghijklmnopqrstuvwx', caption: 'The team' } },
      { type: 'image', attrs: { media: 'abcdefghijklmnopqrstuvwx' } },
    ]);
  });
});
