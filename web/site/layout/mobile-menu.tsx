import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { useLocalizedPath, useNavLabel, usePage } from '../pages/page-context';
import type { MenuItem } from '../pages/page-props';
import { ChevronDownIcon, CloseIcon, MailIcon, MenuIcon, PhoneIcon } from '../../shared/ui/icons';
import { Logo } from './logo';
import { AccountControl, MobileAccountLinks } from './profile-menu';
import { SocialLinks } from './social-links';
import { telHref } from '../content/tel-href';

export const mobileMenuId = 'mobile-menu';

/** Class on <html> while the menu covers the page, so the page behind it cannot scroll. */
export const scrollLockClass = 'scroll-locked';

const desktopQuery = '(min-width: 62rem)';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(
    container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
  ).filter((element) => !element.closest('[hidden]'));
}

/**
 * The keys of the groups that lead to `route`, outermost first: the menu opens with them expanded,
 * so a visitor sees where the page they are on sits.
 */
export function groupsLeadingTo(items: MenuItem[], route: string, path = ''): string[] {
  for (const item of items) {
    const key = `${path}/${item.translationKey}`;
    if (item.children?.length) {
      const below = groupsLeadingTo(item.children, route, key);
      if (below.length || item.children.some((child) => child.route === route)) {
        return [key, ...below];
      }
    }
  }
  return [];
}

type SubmenuProps = {
  items: MenuItem[];
  path: string;
  depth: number;
  expanded: ReadonlySet<string>;
  onToggle: (key: string) => void;
};

function Submenu({ items, path, depth, expanded, onToggle }: SubmenuProps) {
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const { page } = usePage();
  const nested = depth > 0;
  return (
    <ul className={nested ? 'ms-3 mb-2 border-s border-line ps-3' : 'divide-y divide-line'}>
      {items.map((item) => {
        const key = `${path}/${item.translationKey}`;
        const text = nested ? 'py-2.5 text-[0.9375rem]' : 'py-3.5 text-base font-semibold';
        if (item.children?.length) {
          const open = expanded.has(key);
          const submenuId = `mobile-submenu${key.replace(/\//g, '-')}`;
          return (
            <li key={key}>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={submenuId}
                onClick={() => onToggle(key)}
                className={`flex w-full items-center justify-between gap-3 text-start text-ink ${text} ${nested ? 'font-medium' : ''}`}
              >
                {label(item)}
                <ChevronDownIcon
                  className={`size-5 shrink-0 text-ink-muted transition-transform ${open ? 'rotate-180' : ''}`}
                />
              </button>
              <div id={submenuId} hidden={!open}>
                {open && (
                  <Submenu
                    items={item.children}
                    path={key}
                    depth={depth + 1}
                    expanded={expanded}
                    onToggle={onToggle}
                  />
                )}
              </div>
            </li>
          );
        }
        return (
          <li key={key}>
            <a
              href={localize(item.route ?? '/')}
              aria-current={item.route === page.route ? 'page' : undefined}
              className={`block hover:text-accent aria-[current=page]:text-accent ${text} ${
                nested ? 'text-ink-muted' : 'text-ink'
              }`}
            >
              {label(item)}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The bar shown below 992 px: logo, login and a hamburger opening the full-screen menu. */
export function MobileMenu({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { nav, site, page } = usePage();
  const localize = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const hamburger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) hamburger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.classList.add(scrollLockClass);
    closeButton.current?.focus();
    // Widening the window past the breakpoint hides the menu: release the page as well.
    const desktop = window.matchMedia?.(desktopQuery);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    desktop?.addEventListener('change', onChange);
    return () => {
      root.classList.remove(scrollLockClass);
      desktop?.removeEventListener('change', onChange);
    };
  }, [open]);

  const toggleSubmenu = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    // Keep keyboard focus inside the menu while it covers the page.
    const focusable = focusableIn(panel.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const closeOnNavigation = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) close(false);
  };

  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <AccountControl loginClassName="inline-flex px-3.5" menuClassName="flex" compact />
      <button
        ref={hamburger}
        type="button"
        aria-expanded={open}
        aria-controls={mobileMenuId}
        aria-label={t('header.openMenu')}
        onClick={() => {
          setExpanded((current) => new Set([...current, ...groupsLeadingTo(nav, page.route)]));
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-md border border-line text-ink transition-colors hover:bg-surface"
      >
        <MenuIcon className="size-5" />
      </button>
      <div
        ref={panel}
        id={mobileMenuId}
        hidden={!open}
        role="dialog"
        aria-modal="true"
        aria-label={t('header.mobileNav')}
        onKeyDown={onPanelKeyDown}
        onClick={closeOnNavigation}
        className="fixed inset-0 z-50 flex flex-col bg-page lg:hidden"
      >
        {/* Built only when opened: it repeats the desktop menu's links and needs script to open. */}
        {open && (
          <>
            <div className="flex h-16 shrink-0 items-center justify-between gap-4 border-b border-line px-4 sm:px-6">
              <a href={localize('/')} aria-label={t('header.homeLink', { name: site.name })}>
                <Logo name={site.name} />
              </a>
              <button
                ref={closeButton}
                type="button"
                aria-label={t('header.closeMenu')}
                onClick={() => close(true)}
                className="inline-flex size-10 items-center justify-center rounded-md border border-line text-ink transition-colors hover:bg-surface"
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
            <nav
              aria-label={t('header.mainNav')}
              className="flex-1 overflow-y-auto px-4 py-2 sm:px-6"
            >
              <Submenu items={nav} path="" depth={0} expanded={expanded} onToggle={toggleSubmenu} />
            </nav>
            <div className="shrink-0 space-y-4 border-t border-line bg-surface px-4 py-4 sm:px-6">
              <MobileAccountLinks />
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-ink-muted">
                <div className="flex flex-col gap-1">
                  <a
                    href={`mailto:${site.email}`}
                    className="inline-flex items-center gap-2 hover:text-accent"
                  >
                    <MailIcon />
                    <span dir="ltr">{site.email}</span>
                  </a>
                  <a
                    href={telHref(site.phone)}
                    className="inline-flex items-center gap-2 hover:text-accent"
                  >
                    <PhoneIcon />
                    <span dir="ltr">{site.phone}</span>
                  </a>
                </div>
                <SocialLinks linkClassName="text-ink-muted hover:bg-page hover:text-accent" />
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
