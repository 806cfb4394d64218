import type { VisitorItem } from '../api';
import { type Notice } from '../ui';
import { useT } from '../shell/lang';

// The list's address last shown, for the way back from an account.
let lastList = '/admin/visitors';
export const rememberList = (path: string) => {
  lastList = path;
};
export const listShownLast = () => lastList;

// What the list says when it opens after an account was deleted.
let flash: Notice = null;
export const flashOnList = (notice: Notice) => {
  flash = notice;
};
/** The list's message after a deletion, said once. */
export const takeFlash = (): Notice => {
  const once = flash;
  flash = null;
  return once;
};

export function fullName(v: VisitorItem): string {
  return `${v.firstName} ${v.lastName}`.trim() || v.email;
}

/** Confirmed or not, and disabled when it is, as small badges. */
export function Badges({ visitor }: { visitor: VisitorItem }) {
  const { t } = useT();
  const badge = 'inline-flex items-center rounded-full border px-2 text-sm';
  return (
    <span className="flex flex-wrap gap-2">
      <span
        className={`${badge} ${visitor.confirmed ? 'border-accent bg-accent-soft' : 'border-line-strong bg-surface'} text-ink`}
        data-confirmed={visitor.confirmed}
      >
        {visitor.confirmed ? t('visitors.confirmed') : t('visitors.unconfirmed')}
      </span>
      {visitor.disabled && (
        <span className={`${badge} border-danger bg-danger-soft text-ink`} data-disabled>
          {t('visitors.disabled')}
        </span>
      )}
    </span>
  );
}
