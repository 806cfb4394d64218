import { isKey, type Key } from '../i18n';

type Translate = (key: Key, params?: Record<string, string | number>) => string;

/** A stored word in the reader's language, when the back-office has it; as stored otherwise. */
function named(t: Translate, prefix: string, value: string): string {
  const key = `${prefix}${value}`;
  return isKey(key) ? t(key) : value;
}

/**
 * A role as the trail stores it, "translator (ar,fr)" or "sales (dubai)", in the reader's
 * language: the role, then its languages or office.
 */
function role(t: Translate, stored: string): string {
  const match = /^([\w-]+)(?: \(([^)]*)\))?$/.exec(stored.trim());
  if (!match) return stored;
  const [, name = '', scope] = match;
  const label = named(t, 'roles.', name);
  if (!scope) return label;
  const parts = scope.split(',').map((part) => {
    const value = part.trim();
    return isKey(`languageNames.${value}`)
      ? t(`languageNames.${value}` as Key)
      : named(t, 'offices.', value);
  });
  return `${label} (${parts.join(t('common.listSeparator'))})`;
}

/**
 * The back-office address of the item a content action names ("news/a-slug (ar)"), '' when it
 * names none.
 */
export function contentItem(item: string): string {
  const match = /^([a-z]+)\/([a-z0-9-]+) \([a-z]{2}\)$/.exec(item);
  return match ? `/admin/content/${match[1]}/${match[2]}` : '';
}

/**
 * The detail of an audit event in the reader's language. The trail stores details in the
 * server's own words (a method, a role, a count), which stay as they are; this names them.
 * Anything it does not recognise is shown as stored.
 */
export function describeDetail(
  t: Translate,
  action: string,
  detail: string,
  nameOf: (id: string) => string = (id) => id,
): string {
  if (!detail) return '';
  const change = (name: (stored: string) => string) => {
    const [before, after] = detail.split(' → ');
    return before !== undefined && after !== undefined
      ? t('audit.changedTo', { before: name(before), after: name(after) })
      : detail;
  };
  switch (action) {
    case 'sign-in':
    case 'second-factor-confirmed':
    case 'second-factor-failed':
    case 'second-factor-locked':
    case 'second-factor-added':
    case 'second-factor-removed':
      return named(t, 'audit.methods.', detail);
    case 'sign-in-failed':
      return named(t, 'audit.failures.', detail);
    case 'invitation':
    case 'invitation-revoked':
    case 'invitation-voided':
    case 'invitation-accepted':
      return role(t, detail);
    case 'role-change':
      return change((stored) => role(t, stored));
    case 'submission-status':
      return change((stored) => named(t, 'inbox.statuses.', stored));
    case 'submission-assignee':
      return change((stored) => (stored === 'none' ? t('inbox.nobody') : nameOf(stored)));
    case 'submission-note': {
      const note = /^note (\d+)$/.exec(detail)?.[1];
      return note ? t('audit.noteNumber', { note }) : detail;
    }
    case 'visitor-sessions-ended':
    case 'visitor-disable': {
      // "2 sessions": how many of the visitor's sessions the action ended.
      const count = /^(\d+) sessions$/.exec(detail)?.[1];
      return count ? t('visitors.sessionsCount', { count: Number(count) }) : detail;
    }
    case 'content-publish':
    case 'content-unpublish':
    case 'content-restore': {
      // "version 12": the version published, or the one restored as a new draft; ", scheduled"
      // (or "scheduled" alone) when the scheduler carried it out.
      const match = /^(?:version (\d+))?(?:(?:, )?(scheduled))?$/.exec(detail);
      if (!match || (!match[1] && !match[2])) return detail;
      const parts = [];
      if (match[1]) parts.push(t('content.versionNumber', { version: match[1] }));
      if (match[2]) parts.push(t('audit.scheduled'));
      return parts.join(' · ');
    }
    case 'content-rename':
      // "old-slug → new-slug": the item's address before and after.
      return change((slug) => slug);
    case 'settings-save': {
      // "revision 3": the save of the firm's settings it made.
      const revision = /^revision (\d+)$/.exec(detail)?.[1];
      return revision ? t('settings.revision', { revision }) : detail;
    }
    case 'content-schedule':
    case 'content-schedule-cancel':
    case 'content-schedule-voided': {
      // "publish version 12 at 2026-11-27T09:00:00Z (Asia/Riyadh)" or "unpublish at …": the
      // plan, shown at its wall-clock time in the zone it was chosen in.
      const match = /^(publish|unpublish)(?: version (\d+))? at (\S+) \(([^)]+)\)$/.exec(detail);
      if (!match) return detail;
      const [, plan = '', version = '', at = '', zone = ''] = match;
      let date: string;
      try {
        date = new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .format(new Date(at))
          .replace(',', '');
      } catch {
        return detail;
      }
      const where = `\u2068${zone.replaceAll('_', ' ')}\u2069`;
      return plan === 'publish'
        ? t('audit.schedulePublish', { version, date: `\u2068${date}\u2069`, zone: where })
        : t('audit.scheduleUnpublish', { date: `\u2068${date}\u2069`, zone: where });
    }
    case 'audit-export':
    case 'inbox-export': {
      // "12 rows", and for the inbox the filters of the exported view: "12 rows (kind=rfp)".
      const match = /^(\d+) rows( \(.*\))?$/.exec(detail);
      return match
        ? t('audit.exportedRows', { rows: Number(match[1]) }) + (match[2] ?? '')
        : detail;
    }
    case 'erasure':
    case 'erasure-lookup': {
      // "account=1 sessions=2 …": how much of each kind went, or was found, numbers only.
      const counts = Object.fromEntries(
        [...detail.matchAll(/(\w+)=(\d+)/g)].map(([, name = '', n = '0']) => [name, Number(n)]),
      );
      if (!('account' in counts)) return detail;
      return t(action === 'erasure' ? 'audit.erasedDetail' : 'audit.lookupDetail', counts);
    }
    case 'refused': {
      // "audit": the permission the role lacks; "language ar": a language the account does not write.
      const language = /^language ([a-z]{2})$/.exec(detail)?.[1];
      if (language)
        return t('audit.refusedLanguage', { language: named(t, 'languageNames.', language) });
      return t('audit.refusedNeeds', { what: named(t, 'home.permissions.', detail) });
    }
    default:
      return detail;
  }
}
