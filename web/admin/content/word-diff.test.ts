import { describe, expect, it } from 'vitest';
import { docBlocks, shortestEdit, textOf, tokens, wordDiff, type DiffPart } from './word-diff';

/** The text before (kept and removed runs) and after (kept and added runs) a diff. */
const sides = (parts: DiffPart[]) => ({
  before: parts
    .filter((p) => p.kind !== 'added')
    .map((p) => p.text)
    .join(''),
  after: parts
    .filter((p) => p.kind !== 'removed')
    .map((p) => p.text)
    .join(''),
});

const changed = (parts: DiffPart[], kind: 'removed' | 'added') =>
  parts.filter((p) => p.kind === kind).map((p) => p.text);

describe('tokens', () => {
  it('cuts Arabic into words, keeping vowel signs on their letters and its punctuation apart', () => {
    expect(tokens('مَرحبًا بالعالم، كيف حالك؟')).toEqual([
      'مَرحبًا',
      ' ',
      'بالعالم',
      '،',
      ' ',
      'كيف',
      ' ',
      'حالك',
      '؟',
    ]);
  });

  it('keeps French accents and elisions in their words', () => {
    expect(tokens("L’équipe d'audit a déjà vérifié.")).toEqual([
      'L’équipe',
      ' ',
      "d'audit",
      ' ',
      'a',
      ' ',
      'déjà',
      ' ',
      'vérifié',
      '.',
    ]);
  });

  it('keeps a run of white space, new lines included, as one token, and digits of any script', () => {
    expect(tokens('ISO 27001\n\n٢٠٢٦ ok')).toEqual([
      'ISO',
      ' ',
      '27001',
      '\n\n',
      '٢٠٢٦',
      ' ',
      'ok',
    ]);
  });
});

describe('wordDiff', () => {
  it('marks the word removed and the words added, keeping the rest', () => {
    const parts = wordDiff('The quick brown fox', 'The slow brown fox jumps');
    expect(parts).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
      { kind: 'added', text: ' jumps' },
    ]);
  });

  it('reads neighbouring changed words as one change, not a word at a time', () => {
    const parts = wordDiff('a very old text here', 'a rather new text here');
    expect(changed(parts, 'removed')).toEqual(['very old']);
    expect(changed(parts, 'added')).toEqual(['rather new']);
  });

  it('finds the changed Arabic word without touching its neighbours', () => {
    const parts = wordDiff('افتتح فريقنا مكتبًا في القاهرة', 'افتتح فريقنا مكتبًا أكبر في القاهرة');
    expect(changed(parts, 'removed')).toEqual([]);
    expect(changed(parts, 'added')).toEqual(['أكبر ']);
  });

  it('tells one French word from its accented neighbour', () => {
    const parts = wordDiff('Le contrôle a été vérifié', 'Le contrôle a été validé');
    expect(changed(parts, 'removed')).toEqual(['vérifié']);
    expect(changed(parts, 'added')).toEqual(['validé']);
  });

  it('has no changes for equal texts and one side only for an empty one', () => {
    expect(wordDiff('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('always joins back up to both texts, on many edited sentences', () => {
    const words = ['audit', 'risk', 'ISO', 'مراجعة', 'l’équipe', ',', ' ', '\n', 'déjà', 'الأمن'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const sentence = () =>
      Array.from({ length: random(30) }, () => words[random(words.length)]).join(' ');
    for (let i = 0; i < 300; i++) {
      const before = sentence();
      const after = random(3) === 0 ? sentence() : before.replace(/\S+/, 'changed');
      expect(sides(wordDiff(before, after))).toEqual({ before, after });
    }
  });

  it('finds an edit of the fewest steps', () => {
    const steps = shortestEdit([...'ABCABBA'], [...'CBABAC']);
    expect(steps?.filter((s) => s !== 'same')).toHaveLength(5);
  });

  it('shows texts that differ everywhere as removed and added whole, quickly', () => {
    const before = Array.from({ length: 4000 }, (_, i) => `old${i}`).join(' ');
    const after = Array.from({ length: 4000 }, (_, i) => `new${i}`).join(' ');
    const parts = wordDiff(before, after);
    expect(sides(parts)).toEqual({ before, after });
    expect(parts.map((p) => p.kind)).toEqual(['removed', 'added']);
  });
});

describe('rich text', () => {
  const doc = (...paragraphs: string[]) => ({
    type: 'doc',
    content: paragraphs.map((text) => ({
      type: 'paragraph',
      content: [{ type: 'text', text }],
    })),
  });

  it('reads a document as its blocks, a blank line between two', () => {
    const value = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Scope' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'We test ' },
            { type: 'text', text: 'web', marks: [{ type: 'bold' }] },
            { type: 'hardBreak' },
            { type: 'text', text: 'and mobile apps.' },
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [doc('First').content[0]!] },
            { type: 'listItem', content: [doc('Second').content[0]!] },
          ],
        },
        { type: 'paragraph' },
      ],
    };
    expect(docBlocks(value)).toEqual(['Scope', 'We test web\nand mobile apps.', 'First', 'Second']);
    expect(textOf(value)).toBe('Scope\n\nWe test web\nand mobile apps.\n\nFirst\n\nSecond');
  });

  it('diffs two documents by their text, block by block', () => {
    const parts = wordDiff(
      textOf(doc('Our team audits banks.', 'We report within a week.')),
      textOf(doc('Our team audits banks and insurers.', 'We report within a week.')),
    );
    expect(changed(parts, 'removed')).toEqual([]);
    expect(changed(parts, 'added')).toEqual([' and insurers']);
  });

  it('spells out other values', () => {
    expect(textOf(3)).toBe('3');
    expect(textOf(undefined)).toBe('');
    expect(textOf(['one', 'two'])).toBe('one\n\ntwo');
  });
});
