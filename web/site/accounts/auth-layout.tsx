import type { ReactNode } from 'react';
import { usePageTitle } from '../pages/page-context';

/** The frame of the login and recovery pages: one card with the page's heading and a form. */
export function AuthCard({
  intro,
  wide = false,
  children,
}: {
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const title = usePageTitle();
  return (
    <div className="bg-surface py-10 sm:py-16">
      <div className="page-shell">
        <div
          className={`mx-auto rounded-card border border-line bg-raised p-6 shadow-panel sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
        >
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
          {intro && <div className="mt-3 text-base leading-relaxed text-ink-muted">{intro}</div>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}

export const linkClass = 'font-semibold text-accent underline-offset-4 hover:underline';
