import { useLocalizedPath, useNavLabel, usePage } from '../page-context';
import type { ItemSummary } from '../page-props';
import { useTranslation } from '../translation';
import { Badge } from './badge';
import { CoverPicture } from './cover-picture';
import { valueKey } from './labels';
import { LocalDate } from './local-date';

/** One entry of a resource or vacancy list: its picture, labels, title, date and summary. */
export function ItemCard({ item }: { item: ItemSummary }) {
  const { t } = useTranslation('resources');
  const { site } = usePage();
  const localize = useLocalizedPath();
  const navLabel = useNavLabel();
  const office = item.office && site.offices.find((candidate) => candidate.key === item.office);
  const webinar = item.collection === 'webinars';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-raised shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md">
      <CoverPicture
        collection={item.collection}
        slug={item.slug}
        alt=""
        sizes="(min-width: 1280px) 24rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, calc(100vw - 2rem)"
        lazy
        className="aspect-[16/9] w-full"
      />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        {(webinar || office || item.employmentType) && (
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
            {item.employmentType && (
              <Badge>
                {t(`employmentTypes.${valueKey(item.employmentType)}`, {
                  defaultValue: item.employmentType,
                })}
              </Badge>
            )}
          </div>
        )}
        <h2 className="text-lg leading-snug font-semibold text-ink" dir="auto">
          <a
            href={localize(item.route)}
            className="rounded-sm outline-offset-4 group-hover:text-accent after:absolute after:inset-0 after:content-['']"
          >
            {item.title}
          </a>
        </h2>
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
        <p className="mt-3 flex-1 leading-relaxed text-ink-muted" dir="auto">
          {item.description}
        </p>
      </div>
    </article>
  );
}
