import type { ContentVersion } from '../api';

/** Two versions chosen for comparing: A, the text before, and B, the text after; 0 for none. */
export type Comparison = { a: number; b: number };

/**
 * Each version's number in its language's history, by id: the oldest is version 1 (the text the
 * site shipped with, when staff changed a shipped text), the latest the highest. The list comes
 * newest first.
 */
export function versionNumbers(versions: ContentVersion[]): Map<number, number> {
  return new Map(versions.map((v, i) => [v.id, versions.length - i]));
}

/**
 * The comparison an address names (`?a=12&b=40`): each of the two kept only when it is a version
 * of the list, so an address from another language, or one edited by hand, compares nothing.
 */
export function comparisonIn(search: string, versions: ContentVersion[]): Comparison {
  const query = new URLSearchParams(search);
  const known = (name: string) => {
    const raw = query.get(name) ?? '';
    const id = /^\d+$/.test(raw) ? Number(raw) : 0;
    return versions.some((v) => v.id === id) ? id : 0;
  };
  return { a: known('a'), b: known('b') };
}

/**
 * The address of the editor with a comparison chosen: the query the address had, with `a` and
 * `b` set (or left out when 0) and `lang` naming the language the versions belong to, so that
 * the address shared opens the same comparison.
 */
export function comparisonHref(
  path: string,
  search: string,
  locale: string,
  { a, b }: Comparison,
): string {
  const query = new URLSearchParams(search);
  query.set('lang', locale);
  for (const [name, id] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (id > 0) query.set(name, String(id));
    else query.delete(name);
  }
  return `${path}?${query.toString()}`;
}

/** Whether both versions are chosen and differ, so that there is something to compare. */
export const comparable = ({ a, b }: Comparison) => a > 0 && b > 0 && a !== b;
