import type { ReactNode } from 'react';

export type Fact = { term: string; value: ReactNode };

/** Key facts of an item (dates, type, place) as a list of terms and values. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="divide-y divide-line">
      {facts.map((fact) => (
        <div key={fact.term} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
          <dt className="text-sm text-ink-muted">{fact.term}</dt>
          <dd className="text-sm font-semibold text-ink">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type ItemLayoutProps = { children: ReactNode; aside?: ReactNode };

/** The body of an item page: the text, and a panel of facts and actions beside it. */
export function ItemLayout({ children, aside }: ItemLayoutProps) {
  return (
    <div className="page-shell grid gap-12 py-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16 lg:py-16 xl:gap-24">
      {aside && (
        <aside className="lg:col-start-2 lg:row-start-1">
          <div className="rounded-card border border-line bg-raised p-6 shadow-sm lg:sticky lg:top-8">
            {aside}
          </div>
        </aside>
      )}
      <div className="min-w-0 space-y-12 lg:col-start-1 lg:row-start-1">{children}</div>
    </div>
  );
}

/** The main action of an item page, such as applying or requesting a copy. */
export function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="mt-6 flex w-full items-center justify-center gap-2 rounded-md bg-brand px-5 py-3 font-semibold text-on-brand transition-colors hover:bg-brand-hover"
    >
      {children}
    </a>
  );
}
