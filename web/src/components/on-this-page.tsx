import type { ReactNode } from 'react';
import { useContentLang } from '../page-context';

/** A link to a section; `fromContent` when its label is a heading written in the content. */
export type ContentsEntry = { id: string; label: string; fromContent?: boolean };

type OnThisPageProps = { label: string; entries: ContentsEntry[] };

/** Links to the sections of a long page, beside the text on wide screens. */
export function OnThisPage({ label, entries }: OnThisPageProps) {
  const contentLang = useContentLang();
  return (
    <nav aria-label={label} className="sticky top-8">
      <p className="text-sm font-semibold text-ink">{label}</p>
      <ol className="mt-3 border-s border-line">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="-ms-px block border-s-2 border-transparent py-1.5 ps-4 text-sm leading-snug text-ink-muted transition-colors hover:border-accent hover:text-accent"
            >
              {entry.fromContent ? <span {...contentLang}>{entry.label}</span> : entry.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

type WithContentsProps = { label: string; entries: ContentsEntry[]; children: ReactNode };

/** The body of a long page: its sections, and on wide screens a contents list at the side. */
export function WithContents({ label, entries, children }: WithContentsProps) {
  return (
    <div className="page-shell py-12 lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-16 lg:py-16 xl:gap-24">
      <div className="min-w-0 space-y-14 lg:space-y-16">{children}</div>
      {entries.length > 1 && (
        <aside className="hidden lg:block">
          <OnThisPage label={label} entries={entries} />
        </aside>
      )}
    </div>
  );
}
