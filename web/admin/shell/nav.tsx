import { useEffect, useRef } from 'react';
import type { Session } from '../api';
import { useT } from './lang';
import { Link } from './navigation';
import { screens } from './routes';

/**
 * The sections' links: the lines of the table that have one, shown to whoever may open them. A
 * section's link is current on its own address, and on its pages too when it says so (an item
 * under /admin/content).
 */
export function Navigation({ session, section }: { session: Session; section: string }) {
  const { t } = useT();
  const items = screens.filter(
    (screen) => screen.nav && (!screen.allowed || screen.allowed(session)),
  );
  const current = (to: string, below?: boolean) =>
    section === to || Boolean(below && section.startsWith(`${to}/`));
  // On a phone the links are one line that scrolls sideways: the current one is brought into it.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [section]);
  return (
    <nav aria-label={t('nav.label')} className="border-t border-footer-line">
      <ul
        ref={list}
        className="mx-auto flex max-w-5xl flex-nowrap gap-1 overflow-x-auto px-2 whitespace-nowrap sm:flex-wrap"
        data-nav-list
      >
        {items.map(({ path, nav }) => {
          if (!nav) return null;
          const here = current(path, nav.currentBelow);
          return (
            <li key={path} className="shrink-0">
              <Link
                to={path}
                className={`inline-flex min-h-11 items-center px-3 underline-offset-4 hover:underline ${
                  here ? 'font-semibold underline' : ''
                }`}
              >
                <span aria-current={here ? 'page' : undefined}>{t(nav.label)}</span>
                {nav.extra}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
