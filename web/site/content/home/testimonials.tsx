import { useId } from 'react';
import type { HomeContent, Testimonial } from '../content';
import { useTranslation } from '../../../shared/i18n/translation';
import { Carousel } from '../carousel';
import { StarIcon } from '../../../shared/ui/icons';
import { SectionIntro } from './section-intro';
import { SiteImage } from './site-image';
import { Portrait } from '../portrait';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <p
      role="img"
      aria-label={t('home.rating', { rating, max: 5 })}
      className="flex gap-0.5 text-amber-500"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= rating} className="size-4" />
      ))}
    </p>
  );
}

function TestimonialCard({ item }: { item: Testimonial }) {
  const { t } = useTranslation();
  return (
    <figure className="flex h-full flex-col rounded-card border border-line bg-raised p-6 shadow-sm">
      <Stars rating={item.rating} />
      <blockquote className="mt-4 flex-1 leading-relaxed text-ink">
        <p>{t('home.quote', { quote: item.quote })}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {item.image ? (
          <SiteImage
            src={item.image}
            alt=""
            height={56}
            className="size-14 shrink-0 rounded-full"
          />
        ) : (
          <Portrait
            drawnAs={`client-${item.id}`}
            alt=""
            className="size-14 shrink-0 rounded-full"
          />
        )}
        <span>
          <span className="block font-semibold text-ink">{item.name}</span>
          <span className="block text-sm text-ink-muted">{item.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** What clients say: one to three testimonials in view, 30 px apart. */
export function Testimonials({ section }: { section: HomeContent['testimonials'] }) {
  const headingId = useId();
  if (section.items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="bg-sunken later-section py-16 lg:py-24">
      <div className="page-shell">
        <SectionIntro id={headingId} heading={section.heading} description={section.description} />
        <Carousel
          label={section.heading}
          perView={{ 0: 1, 576: 1, 768: 2, 992: 3, 1200: 3 }}
          gap={30}
          dots
          className="testimonials-slider mt-8"
        >
          {section.items.map((item) => (
            <TestimonialCard key={item.id} item={item} />
          ))}
        </Carousel>
      </div>
    </section>
  );
}
