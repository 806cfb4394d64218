import { useLocalizedPath, useNavLabel, usePage } from '../pages/page-context';
import type { ItemSummary } from '../pages/page-props';
import { slugOf } from './content';
import { Portrait } from './portrait';

type PersonCardProps = { person: ItemSummary; headingLevel?: 2 | 3 };

/** One of the firm's people in a list: their portrait, name, role, office and a line about them. */
export function PersonCard({ person, headingLevel = 3 }: PersonCardProps) {
  const { site } = usePage();
  const localize = useLocalizedPath();
  const navLabel = useNavLabel();
  const office = site.offices.find((candidate) => candidate.key === person.office);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full gap-4 rounded-card border border-line bg-raised p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md sm:flex-col sm:p-6">
      <Portrait
        drawnAs={slugOf(person.route)}
        alt=""
        className="size-20 shrink-0 rounded-card sm:size-28"
      />
      <div className="min-w-0">
        <Heading className="text-lg leading-snug font-semibold text-ink">
          <a
            href={localize(person.route)}
            className="after:absolute after:inset-0 after:rounded-card group-focus-within:after:ring-2 group-focus-within:after:ring-accent focus-visible:outline-none"
          >
            {person.title}
          </a>
        </Heading>
        <p className="mt-1 text-sm font-medium text-accent">{person.role}</p>
        {office && (
          <p className="mt-1 text-sm text-ink-muted">
            {navLabel({ translationKey: office.key, name: office.city })}
          </p>
        )}
        <p className="mt-3 text-sm leading-relaxed text-ink-muted">{person.description}</p>
      </div>
    </article>
  );
}
