import { useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { useLocalizedPath, useNavLabel, usePage } from '../pages/page-context';
import type { MenuItem } from '../pages/page-props';
import { ArrowEndIcon, ChevronDownIcon } from '../../shared/ui/icons';
import { useDismiss } from '../../shared/ui/use-dismiss';

/** Whether the route is this item or one of its descendants. */
export function menuContains(item: MenuItem, route: string): boolean {
  if (item.route === route) return true;
  return (item.children ?? []).some((child) => menuContains(child, route));
}

const panelIdFor = (item: MenuItem) => `nav-panel-${item.translationKey}`;

// Grid classes spelled out so Tailwind finds them in the source.
const gridColumns = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4'];
const longListThreshold = 10;

function closeOnLinkClick(close: () => void) {
  return (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };
}

function PanelLink({ item, emphasis = false }: { item: MenuItem; emphasis?: boolean }) {
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const { page } = usePage();
  if (item.route === undefined) return null;
  return (
    <a
      href={localize(item.route)}
      aria-current={item.route === page.route ? 'page' : undefined}
      className={`block rounded-md px-2.5 py-1.5 text-sm transition-colors hover:bg-surface hover:text-ink aria-[current=page]:bg-accent-soft aria-[current=page]:text-ink ${
        emphasis ? 'font-semibold text-accent' : 'text-ink-muted'
      }`}
    >
      {label(item)}
    </a>
  );
}

function MegaPanel({ item }: { item: MenuItem }) {
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const children = item.children ?? [];
  const groups = children.filter((child) => (child.children ?? []).length > 0);
  const leaves = children.filter((child) => !child.children?.length && child.route !== undefined);
  const span = (group: MenuItem) => ((group.children ?? []).length > longListThreshold ? 2 : 1);
  const columns = Math.min(
    groups.reduce((total, group) => total + span(group), 0),
    4,
  );
  return (
    <div className="p-6 xl:p-8">
      <div className={`grid gap-x-8 gap-y-6 ${gridColumns[columns] ?? 'grid-cols-4'}`}>
        {groups.map((group) => {
          const headingId = `${panelIdFor(item)}-${group.translationKey}`;
          const wide = span(group) === 2;
          return (
            <div key={group.translationKey} className={wide ? 'col-span-2' : ''}>
              <p
                id={headingId}
                className="mb-2 border-b border-line px-2.5 pb-2 text-xs font-bold tracking-wider text-ink uppercase"
              >
                {label(group)}
              </p>
              <ul aria-labelledby={headingId} className={wide ? 'columns-2 gap-x-6' : ''}>
                {(group.children ?? []).map((child) => (
                  <li key={child.translationKey} className="break-inside-avoid">
                    <PanelLink item={child} emphasis={child.translationKey === 'overview'} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      {leaves.length > 0 && (
        <ul className="mt-6 flex flex-wrap gap-x-8 gap-y-2 border-t border-line pt-5">
          {leaves.map((leaf) => (
            <li key={leaf.translationKey}>
              <a
                href={localize(leaf.route ?? '/')}
                className="inline-flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-semibold text-accent hover:underline hover:underline-offset-4"
              >
                {label(leaf)}
                <ArrowEndIcon />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SimplePanel({ item }: { item: MenuItem }) {
  return (
    <ul className="w-64 p-2">
      {(item.children ?? []).map((child) => (
        <li key={child.translationKey}>
          <PanelLink item={child} emphasis={child.translationKey === 'overview'} />
        </li>
      ))}
    </ul>
  );
}

const topItemClass =
  'inline-flex h-10 items-center gap-0.5 rounded-md px-1.5 text-sm font-medium xl:gap-1 xl:text-[0.9375rem] whitespace-nowrap text-ink transition-colors hover:bg-surface hover:text-accent xl:px-3 aria-[current=page]:text-accent aria-expanded:text-accent data-active:text-accent';

export function DesktopNav({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { nav, page } = usePage();
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useDismiss(openKey !== null, navRef, (reason) => {
    const key = openKey;
    setOpenKey(null);
    if (reason === 'escape' && key) buttons.current.get(key)?.focus();
  });

  const close = () => setOpenKey(null);

  // Tabbing out of an open group closes it; a click on blank space inside the panel does not.
  const closeWhenFocusLeaves = (key: string) => (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next) && openKey === key) close();
  };

  return (
    <nav ref={navRef} aria-label={t('header.mainNav')} className={className}>
      <ul className="flex items-center gap-0.5">
        {nav.map((item) => {
          const key = item.translationKey;
          if (!item.children?.length) {
            return (
              <li key={key}>
                <a
                  href={localize(item.route ?? '/')}
                  aria-current={item.route === page.route ? 'page' : undefined}
                  className={topItemClass}
                >
                  {label(item)}
                </a>
              </li>
            );
          }
          const open = openKey === key;
          const mega = item.children.some((child) => (child.children ?? []).length > 0);
          const active = menuContains(item, page.route);
          return (
            <li
              key={key}
              className={mega ? 'static' : 'relative'}
              onBlur={closeWhenFocusLeaves(key)}
            >
              <button
                ref={(element) => {
                  if (element) buttons.current.set(key, element);
                  else buttons.current.delete(key);
                }}
                type="button"
                aria-expanded={open}
                aria-controls={panelIdFor(item)}
                onClick={() => setOpenKey(open ? null : key)}
                data-active={active || undefined}
                className={topItemClass}
              >
                {label(item)}
                <ChevronDownIcon
                  className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
                />
              </button>
              <div
                id={panelIdFor(item)}
                hidden={!open}
                onClick={closeOnLinkClick(close)}
                className={`absolute top-full z-40 mt-px rounded-b-card border border-line bg-raised shadow-panel ${
                  mega ? 'inset-x-0' : 'start-0'
                }`}
              >
                {mega ? <MegaPanel item={item} /> : <SimplePanel item={item} />}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
