import { useId } from 'react';
import { useLocalizedPath, usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { ItemCard } from './item-card';

export const caseStudiesRoute = '/resources/case-studies';

/** The client stories a service or standard page links to, as cards, with a link to them all. */
export function ClientStories() {
  const { t } = useTranslation();
  const { page } = usePage();
  const localize = useLocalizedPath();
  const headingId = useId();
  const stories = page.stories ?? [];
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="border-t border-line">
      <div className="page-shell py-12 lg:py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {t('showcase.storiesTitle')}
            </h2>
            <p className="mt-3 text-ink-muted">{t('showcase.storiesIntro')}</p>
          </div>
          <a
            href={localize(caseStudiesRoute)}
            className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-accent hover:underline"
          >
            {t('showcase.allStories')}
            <ArrowEndIcon />
          </a>
        </div>
        <ul className="mt-8 flex flex-col gap-4 md:flex-row md:gap-6">
          {stories.slice(0, 3).map((story) => (
            <li key={story.route} className="min-w-0 md:max-w-xl md:flex-1">
              <ItemCard item={story} headingLevel={3} compact />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
