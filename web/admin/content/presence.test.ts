import { describe, expect, it } from 'vitest';
import type { ContentPresence, PresentEditor } from '../api';
import { byPerson, initials, presenceBanner } from './presence';

const editor = (name: string, locale: string, dirty = false): PresentEditor => ({
  staff: { id: name.toLowerCase(), name },
  locale,
  dirty,
  away: false,
  seenAt: '2026-11-29T09:00:00Z',
});

const answer = (others: PresentEditor[], takenBy: string | null = null): ContentPresence => ({
  others,
  takenBy: takenBy ? { id: takenBy.toLowerCase(), name: takenBy } : null,
  takenAt: takenBy ? '2026-11-29T09:01:00Z' : null,
});

describe('presenceBanner', () => {
  it('says nothing before the first answer or when nobody else is there', () => {
    expect(presenceBanner(null, 'en', true)).toEqual({ kind: 'none' });
    expect(presenceBanner(answer([]), 'en', true)).toEqual({ kind: 'none' });
  });

  it('offers Take over only to a writer when someone here has unsaved changes', () => {
    const clean = presenceBanner(answer([editor('Layla', 'en')]), 'en', true);
    expect(clean).toMatchObject({ kind: 'others', canTakeOver: false });
    const dirty = presenceBanner(answer([editor('Layla', 'en', true)]), 'en', true);
    expect(dirty).toMatchObject({ kind: 'others', canTakeOver: true });
    if (dirty.kind === 'others') expect(dirty.dirty.map((e) => e.staff.name)).toEqual(['Layla']);
    expect(presenceBanner(answer([editor('Layla', 'en', true)]), 'en', false)).toMatchObject({
      canTakeOver: false,
    });
  });

  it('keeps another language apart: unsaved changes there are no reason to take over here', () => {
    const b = presenceBanner(answer([editor('Layla', 'ar', true)]), 'en', true);
    expect(b).toMatchObject({ kind: 'others', here: [], canTakeOver: false });
    if (b.kind === 'others') expect(b.elsewhere).toHaveLength(1);
  });

  it('tells the editor someone took over, before anything else', () => {
    expect(presenceBanner(answer([editor('Layla', 'en', true)], 'Omar'), 'en', true)).toEqual({
      kind: 'taken',
      by: 'Omar',
      at: '2026-11-29T09:01:00Z',
    });
  });
});

describe('markers', () => {
  it('draws initials of the first and last names, in any script', () => {
    expect(initials('Layla Haddad')).toBe('LH');
    expect(initials('omar')).toBe('O');
    expect(initials('ليلى حداد')).toBe('لح');
    expect(initials('  ')).toBe('?');
  });

  it('shows a person once, with unsaved changes when any of their editors has them', () => {
    const people = byPerson([
      editor('Layla', 'en'),
      editor('Layla', 'ar', true),
      editor('Omar', 'en'),
    ]);
    expect(people.map((p) => [p.staff.name, p.dirty])).toEqual([
      ['Layla', true],
      ['Omar', false],
    ]);
  });
});
