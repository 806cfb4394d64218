import { useLocalizedPath, useNavLabel, usePage } from '../pages/page-context';
import type { ItemSummary } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { Badge } from '../../shared/ui/badge';
import { CoverImage } from '../../shared/ui/cover-image';
import { valueKey } from './labels';
import { LocalDate } from './local-date';

type ItemCardProps = {
  item: ItemSummary;
  /** 2 in a list under the page's heading; 3 in a section that has its own. */
  headingLevel?: 2 | 3;
  /** Narrow screens show a small picture beside the title and leave the summary out. */
  compact?: boolean;
};

/** One entry of a resource or vacancy list: its picture, labels, title, date and summary. */
export function ItemCard({ item, headingLevel = 2, compact = false }: ItemCardProps) {
  const { t } = useTranslation('resources');
  const { t: tc } = useTranslation();
  const { site } = usePage();
  const localize = useLocalizedPath();
  const navLabel = useNavLabel();
  const office = item.office && site.offices.find((candidate) => candidate.key === item.office);
  const webinar = item.collection === 'webinars';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`group relative flex h-full overflow-hidden rounded-card border border-line bg-raised shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md ${compact ? 'max-md:items-start' : 'flex-col'} md:flex-col`}
    >
      <div className={compact ? 'max-md:w-28 max-md:shrink-0' : ''}>
        <CoverImage
          route={item.route}
          cover={item.cover}
          sizes={compact ? '(min-width: 768px) 33vw, 7rem' : undefined}
          alt=""
          lazy
          className={`w-full ${compact ? 'max-md:aspect-square' : ''} aspect-[16/9]`}
        />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col ${compact ? 'p-4 md:p-6' : 'p-5 sm:p-6'}`}>
        {(webinar || office || item.employmentType || item.sector) && (
          <div className="mb-3 flex flex-wrap gap-2">
            {webinar && (
              <Badge tone={item.upcoming ? 'accent' : 'neutral'}>
                {t(item.upcoming ? 'list.upcoming' : 'list.past')}
              </Badge>
            )}
            {office && (
              <Badge tone="accent">
                {navLabel({ translationKey: office.key, name: office.city })}
              </Badge>
            )}
            {item.sector && <Badge tone="accent">{tc(`sectors.${valueKey(item.sector)}`)}</Badge>}
            {item.country && <Badge>{item.country}</Badge>}
            {item.employmentType && (
              <Badge>
                {t(`employmentTypes.${valueKey(item.employmentType)}`, {
                  defaultValue: item.employmentType,
                })}
              </Badge>
            )}
          </div>
        )}
        <Heading
          className={`leading-snug font-semibold wrap-break-word hyphens-auto text-ink ${compact ? 'max-md:text-base' : ''} text-lg`}
          dir="auto"
        >
          <a
            href={localize(item.route)}
            className="rounded-sm outline-offset-4 group-hover:text-accent after:absolute after:inset-0 after:content-['']"
          >
            {item.title}
          </a>
        </Heading>
        <p className="mt-2 text-sm text-ink-muted">
          {item.collection === 'vacancies' && <>{t('list.posted')} </>}
          <LocalDate value={item.date} withTime={webinar} />
          {item.author && (
            <>
              <span aria-hidden="true"> · </span>
              {t('list.by', { author: item.author })}
            </>
          )}
        </p>
        <p
          className={`mt-3 flex-1 leading-relaxed text-ink-muted ${compact ? 'max-md:hidden' : ''}`}
          dir="auto"
        >
          {item.description}
        </p>
      </div>
    </article>
  );
}
