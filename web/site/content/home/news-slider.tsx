import { useId } from 'react';
import type { HomeContent } from '../content';
import { useLocalizedPath } from '../../pages/page-context';
import type { ItemSummary } from '../../pages/page-props';
import { useTranslation } from '../../../shared/i18n/translation';
import { Carousel } from '../carousel';
import { CoverImage, coverPath, uploadedCoverPath } from '../../../shared/ui/cover-image';
import { ArrowEndIcon } from '../../../shared/ui/icons';
import { LocalDate } from '../local-date';
import { SectionIntro } from './section-intro';

/** A card of the latest-news slider, with the specification's field names. */
export type NewsItem = {
  imageSrc: string;
  /** The id of the cover staff uploaded, of which imageSrc is one width. */
  cover?: string;
  /** The story's route, whose drawn cover shows when it has no uploaded one. */
  route: string;
  imageAlt: string;
  title: string;
  description: string;
  /** The story's details page; a card without one is not a link. */
  link?: string;
  date: string;
  slug: string;
};

/** The title the section shows when its content gives none. */
export const defaultNewsTitle = 'Latest News From Blog';

/** A news story as the slider shows it: its cover, its texts and its page. */
export function toNewsItem(item: ItemSummary): NewsItem {
  return {
    imageSrc: item.cover ? uploadedCoverPath(item.cover, '800.webp') : coverPath(item.route),
    cover: item.cover,
    route: item.route,
    imageAlt: item.imageAlt,
    title: item.title,
    description: item.description,
    link: item.route,
    date: item.date,
    slug: item.slug,
  };
}

function NewsCard({ item }: { item: NewsItem }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-raised shadow-sm transition hover:border-accent hover:shadow-md">
      <CoverImage
        route={item.route}
        cover={item.cover}
        sizes="(min-width: 992px) 25vw, (min-width: 600px) 50vw, 100vw"
        alt={item.imageAlt}
        lazy
        className="aspect-[16/9] w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-ink-muted">
          <LocalDate value={item.date} />
        </p>
        <h3 className="mt-2 text-lg leading-snug font-semibold text-balance text-ink" dir="auto">
          {item.link ? (
            <a
              href={localize(item.link)}
              className="rounded-sm outline-offset-4 group-hover:text-accent after:absolute after:inset-0 after:content-['']"
            >
              {item.title}
            </a>
          ) : (
            item.title
          )}
        </h3>
        {/* Never stretched to the card's height: a taller clamped box would show a fourth line. */}
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-ink-muted">
          {item.description}
        </p>
        {item.link && (
          <span
            aria-hidden="true"
            className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm font-semibold text-accent"
          >
            {t('home.readMore')}
            <ArrowEndIcon />
          </span>
        )}
      </div>
    </article>
  );
}

/** The latest-news slider: eight cards, one to four in view, arrows, no dots, mouse drag. */
export function NewsSlider({
  section,
  items,
}: {
  section: HomeContent['news'];
  items: ItemSummary[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (items.length === 0) return null;
  const title = section.sectionTitle || t('home.newsTitle', { defaultValue: defaultNewsTitle });
  return (
    <section
      aria-labelledby={headingId}
      className="news-slider later-section page-shell py-16 lg:py-24"
    >
      <SectionIntro id={headingId} heading={title} description={section.sectionDescription} />
      <Carousel
        label={title}
        perView={{ 0: 1, 600: 2, 992: 4 }}
        gap={10}
        arrows
        mouseDrag
        className="mt-8"
      >
        {items.map(toNewsItem).map((item, i) => (
          <NewsCard key={`${item.slug}-${i}`} item={item} />
        ))}
      </Carousel>
    </section>
  );
}
