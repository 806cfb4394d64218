import { useId } from 'react';
import type { HomeContent } from '../content';
import { useTranslation } from '../../../shared/i18n/translation';
import { Carousel } from '../carousel';
import { SectionIntro } from './section-intro';
import { SiteImage } from './site-image';

/**
 * The technology partners' logos, muted until the pointer is over one: two to five in view. In
 * the dark theme a muted logo is drawn light on the dark tile, and the tile lightens (never to
 * pure white) only to show the coloured logo under the pointer.
 */
export function PartnerSlider({ section }: { section: HomeContent['partners'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (section.items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="later-section page-shell py-16 lg:py-20">
      <SectionIntro id={headingId} heading={section.heading} description={section.description} />
      <Carousel
        label={section.heading}
        perView={{ 0: 2, 576: 3, 768: 4, 992: 5, 1200: 5 }}
        gap={24}
        speed={1500}
        repeatToLoop
        className="partner-slider mt-8"
      >
        {section.items.map((partner) => (
          <div
            key={partner.id}
            className="partner-logo group relative flex h-24 items-center justify-center rounded-card border border-line bg-raised px-4 transition-colors duration-300 hover:bg-logo-tile"
          >
            <SiteImage
              src={partner.image}
              alt={t('home.logoAlt', { name: partner.name })}
              height={48}
              className="h-12 w-auto max-w-full transition-opacity duration-300 group-hover:opacity-0 dark:brightness-0 dark:invert-[.8]"
            />
            <SiteImage
              src={partner.hoverImage}
              alt=""
              height={48}
              className="absolute h-12 w-auto max-w-[calc(100%-2rem)] opacity-0 transition-opacity duration-300 group-hover:opacity-100"
            />
          </div>
        ))}
      </Carousel>
    </section>
  );
}
