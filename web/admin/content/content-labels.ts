import { isKey } from '../i18n';
import type { useT } from '../shell/lang';

type Translate = ReturnType<typeof useT>['t'];

/** A word the server sends (a collection, a language, a field) in the reader's language. */
export function named(t: Translate, prefix: string, value: string, fallback = value): string {
  const key = `${prefix}${value}`;
  return isKey(key) ? t(key) : fallback;
}

/** A field's label: its name in the reader's language, else its name spelt out ("niceToHave": "Nice to have"). */
export function fieldLabel(t: Translate, name: string): string {
  const spelt = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return named(t, 'content.fields.', name, spelt.charAt(0).toUpperCase() + spelt.slice(1));
}
