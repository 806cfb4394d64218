import { isKey, type Key } from './strings';
import type { useT } from './ui';

type Translate = ReturnType<typeof useT>['t'];

/** A word the server sends (a collection, a language, a field) in the reader's language. */
export function named(t: Translate, prefix: string, value: string, fallback = value): string {
  const key = `${prefix}${value}`;
  return isKey(key) ? t(key as Key) : fallback;
}

/** A field's label: its name in the reader's language, else its name spelt out ("niceToHave": "Nice to have"). */
export function fieldLabel(t: Translate, name: string): string {
  const spelt = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return named(t, 'contentField_', name, spelt.charAt(0).toUpperCase() + spelt.slice(1));
}
