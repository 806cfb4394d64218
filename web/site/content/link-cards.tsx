import { useId } from 'react';
import { useLocalizedPath, useNavLabel } from '../pages/page-context';
import type { MenuItem } from '../pages/page-props';
import { ArrowEndIcon } from '../../shared/ui/icons';

type LinkCardsProps = { title: string; items: MenuItem[] };

// The wide-screen grid for a number of cards: as many columns as cards up to three, and two for
// four, so cards share a row in equal widths where the count allows; otherwise three, the last
// row's cards widened to fill it. Spelled out so Tailwind finds them in the source.
const wideGrid = (count: number) => {
  if (count === 1) return 'lg:grid-cols-1 lg:fill-row-1';
  if (count === 2 || count === 4) return 'lg:grid-cols-2 lg:fill-row-2';
  return 'lg:grid-cols-3 lg:fill-row-3';
};

/** A titled grid of cards, one per child page. Entries without a page of their own are skipped. */
export function LinkCards({ title, items }: LinkCardsProps) {
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const headingId = useId();
  const linked = items.filter((item) => item.route !== undefined);
  if (linked.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="page-shell py-12 lg:py-16">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {title}
      </h2>
      <ul
        className={`mt-6 grid gap-4 ${linked.length > 1 ? 'sm:fill-row-2 sm:grid-cols-2' : ''} ${wideGrid(linked.length)}`}
      >
        {linked.map((item) => (
          <li key={item.translationKey}>
            <a
              href={localize(item.route ?? '/')}
              className="group flex h-full items-center justify-between gap-4 rounded-card border border-line bg-raised p-5 font-semibold text-ink shadow-sm transition hover:border-accent hover:shadow-md"
            >
              <span>{label(item)}</span>
              <ArrowEndIcon className="size-5 shrink-0 text-accent transition-transform group-hover:translate-x-1 rtl:group-hover:-translate-x-1" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
