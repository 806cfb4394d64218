import { useId, useState } from 'react';
import { logout } from '../session/logout';
import { useUser } from '../session/user-store';
import { useLocalizedPath } from '../pages/page-context';
import type { User } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { Avatar } from '../accounts/avatar';
import { Spinner } from '../../shared/ui/spinner';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { LoginButton } from './login-button';
import { useMenuButton } from '../../shared/ui/use-menu-button';

export const accountRoute = '/account';

/**
 * Who the menus show until the stored visitor is read, right after hydration: pages are the same
 * document for everyone, so the server draws the signed-in state with nobody in it, and the
 * first-paint script decides which state is seen.
 */
const nobody: User = {
  firstName: '',
  lastName: '',
  fullName: '',
  phoneNumber: '',
  profileImageUrl: '',
  email: '',
};

// Shown while the visitor is logged in (or out): the first-paint script and the user store set
// the class on <html> that the stylesheet reads, so the state is right before hydration.
const whenSignedIn = 'when-signed-in';
const whenSignedOut = 'when-signed-out';

type ProfileMenuProps = {
  user: User;
  /** Only the avatar on the button (the mobile bar); the name is still its accessible name. */
  compact?: boolean;
};

/** The signed-in visitor's menu: avatar and name on a menu button, My Account and Logout in it. */
export function ProfileMenu({ user, compact = false }: ProfileMenuProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const { open, container, button, list, toggle, onButtonKeyDown, onMenuKeyDown } = useMenuButton();
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const name = user.fullName || user.email;

  const onLogout = async () => {
    setLeaving(true);
    await logout();
  };

  return (
    <div ref={container} className="relative flex">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('profileMenu.menuLabel', { name })}
        onClick={toggle}
        onKeyDown={onButtonKeyDown}
        className="inline-flex items-center gap-2 rounded-full border border-line py-1 ps-1 pe-2 text-sm font-semibold text-ink transition-colors hover:bg-surface"
      >
        <Avatar user={user} className="size-8 text-xs" />
        {/* A fixed box: nothing moves when the name arrives, and a long name is cut at its end in
            any language (dir="auto" isolates a Latin name on an Arabic page). Below 1536 px only
            the avatar shows. */}
        {!compact && (
          <span dir="auto" className="hidden w-28 truncate text-start 2xl:block">
            {name}
          </span>
        )}
        <ChevronDownIcon
          className={`size-4 text-ink-muted transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        ref={list}
        id={menuId}
        hidden={!open}
        role="menu"
        aria-label={t('profileMenu.menu')}
        onKeyDown={onMenuKeyDown}
        className="absolute end-0 top-full z-50 mt-2 w-64 rounded-lg border border-line bg-raised p-1.5 text-ink shadow-panel"
      >
        <li role="none" className="flex items-center gap-3 border-b border-line px-3 pt-2 pb-3">
          <Avatar user={user} className="size-10 text-sm" />
          <span className="min-w-0">
            <span dir="auto" className="block truncate text-start font-semibold">
              {name}
            </span>
            {user.email && (
              <span dir="ltr" className="block truncate text-xs text-ink-muted">
                {user.email}
              </span>
            )}
          </span>
        </li>
        <li role="none" className="mt-1">
          <a
            role="menuitem"
            href={localize(accountRoute)}
            className="flex items-center rounded-md px-3 py-2 text-sm hover:bg-surface"
          >
            {t('profileMenu.myAccount')}
          </a>
        </li>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            onClick={onLogout}
            disabled={leaving}
            aria-busy={leaving || undefined}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm hover:bg-surface disabled:opacity-70"
          >
            {leaving && <Spinner />}
            {leaving ? t('profileMenu.loggingOut') : t('profileMenu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * The login button for a visitor, the profile menu for a signed-in one. Both are in the document;
 * the class on <html> shows one of them.
 */
export function AccountControl({
  loginClassName,
  menuClassName,
  compact = false,
}: {
  /** How the login button is displayed (`inline-flex`, `hidden lg:inline-flex`, …). */
  loginClassName: string;
  /** How the profile menu is displayed (`flex`, `hidden lg:flex`, …). */
  menuClassName: string;
  compact?: boolean;
}) {
  const user = useUser();
  return (
    <>
      <LoginButton className={`${whenSignedOut} ${loginClassName}`} />
      <div className={`${whenSignedIn} ${menuClassName}`}>
        <ProfileMenu user={user ?? nobody} compact={compact} />
      </div>
    </>
  );
}

/** The account block at the foot of the mobile menu: login, or the account's two actions. */
export function MobileAccountLinks() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const user = useUser() ?? nobody;
  const [leaving, setLeaving] = useState(false);
  const name = user.fullName || user.email;
  return (
    <>
      <LoginButton className={`${whenSignedOut} flex w-full py-2.5`} />
      <div className={`${whenSignedIn} flex flex-wrap items-center gap-3`}>
        <Avatar user={user} className="size-10 text-sm" />
        <span dir="auto" className="min-w-0 flex-1 truncate text-start font-semibold text-ink">
          {name}
        </span>
        <div className="flex w-full gap-2">
          <a
            href={localize(accountRoute)}
            className="inline-flex flex-1 items-center justify-center rounded-md bg-brand px-4 py-2.5 text-sm font-semibold text-on-brand hover:bg-brand-hover"
          >
            {t('profileMenu.myAccount')}
          </a>
          <button
            type="button"
            disabled={leaving}
            aria-busy={leaving || undefined}
            onClick={async () => {
              setLeaving(true);
              await logout();
            }}
            className="inline-flex flex-1 items-center justify-center gap-2 rounded-md border border-line-strong bg-raised px-4 py-2.5 text-sm font-semibold text-ink hover:bg-page disabled:opacity-70"
          >
            {leaving && <Spinner />}
            {leaving ? t('profileMenu.loggingOut') : t('profileMenu.logout')}
          </button>
        </div>
      </div>
    </>
  );
}
