import { useId } from 'react';
import { contentOf, type ListContent } from '../content/content';
import { PersonCard } from '../content/person-card';
import { PageHeader } from '../layout/page-header';
import { Paragraphs } from '../content/prose';
import { usePage, usePageTitle } from './page-context';
import type { ItemSummary } from './page-props';
import { useTranslation } from '../../shared/i18n/translation';

function Group({ heading, people }: { heading: string; people: ItemSummary[] }) {
  const headingId = useId();
  if (people.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-12 first:mt-0">
      <h2 id={headingId} className="text-2xl font-semibold text-ink">
        {heading}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {people.map((person) => (
          <li key={person.route}>
            <PersonCard person={person} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The firm's people: the leadership first, then the team, each with a card of their own. */
export default function PeoplePage() {
  const { t } = useTranslation('resources');
  const { page } = usePage();
  const navTitle = usePageTitle();
  const content = contentOf<ListContent>(page);
  const leadership = page.items.filter((person) => person.group === 'leadership');
  const team = page.items.filter((person) => person.group !== 'leadership');
  return (
    <>
      <PageHeader
        title={content?.title ?? navTitle}
        lead={content?.summary}
        fromContent={content !== null}
        breadcrumbs={page.breadcrumbs}
      />
      <div className="page-shell py-12 lg:py-16">
        {content && content.intro.length > 0 && <Paragraphs items={content.intro} />}
        <div className={content ? 'mt-10' : ''}>
          <Group heading={t('people.leadership')} people={leadership} />
          <Group heading={t('people.team')} people={team} />
        </div>
      </div>
    </>
  );
}
