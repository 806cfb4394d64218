import type { Notice } from '../api';
import type { Key, Params } from '../i18n';

type Label = (group: string, value: string) => string;
type T = (key: Key, params?: Params) => string;

/** What a notification says, in the reader's language: a submission by form and number, an item by its English title. */
export function noticeText(t: T, label: Label, n: Notice): string {
  return t(`notifications.text.${n.kind}` as Key, {
    form: label('inbox.kinds', n.form),
    reference: n.reference,
    item: n.title || n.slug,
    language: label('languageNames', n.locale),
    action: label('notifications.actions', n.action),
    person: n.person,
  });
}
