import { useId } from 'react';
import type { HomeContent } from '../content';
import { useTranslation } from '../../../shared/i18n/translation';
import { Carousel } from '../carousel';
import { SolutionIcon } from '../../../shared/ui/icons';
import { SectionIntro } from './section-intro';
import { SiteImage } from './site-image';

/** Tailwind's line clamps by count, written out so the build keeps them. */
const lineClamps = [
  'line-clamp-1',
  'line-clamp-2',
  'line-clamp-3',
  'line-clamp-4',
  'line-clamp-5',
  'line-clamp-6',
];

/**
 * The dark slider of security solutions over a background picture: one to three cards in view,
 * dots, no arrows, 1.5 s transitions (a cross-fade with one card in view; with more, each card
 * fades in as it enters), descriptions clamped to `text_lines` lines.
 */
export function SolutionsSlider({ section }: { section: HomeContent['solutions'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const cards = section.securitySolutions;
  if (cards.length === 0) return null;
  return (
    <section
      aria-labelledby={section.heading ? headingId : undefined}
      aria-label={section.heading ? undefined : t('home.solutionsLabel')}
      className="on-dark later-section relative isolate overflow-hidden bg-hero-deep py-16 text-white lg:py-24"
    >
      <SiteImage
        src={section.backgroundImage}
        alt=""
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="page-shell">
        <SectionIntro
          id={headingId}
          heading={section.heading}
          description={section.description}
          onDark
        />
        <Carousel
          label={section.heading ?? t('home.solutionsLabel')}
          perView={{ 0: 1, 576: 2, 768: 3 }}
          gap={30}
          dots
          speed={1500}
          fadeWhenSingle
          fadeIn
          className="solutions-slider mt-8"
        >
          {cards.map((card) => (
            <article
              key={card.title}
              className="flex h-full flex-col rounded-card border border-white/15 bg-white/[0.06] p-6 backdrop-blur-sm"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-hero-accent/15 text-hero-accent">
                <SolutionIcon icon={card.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{card.title}</h3>
              <p
                className={`mt-2 text-sm leading-relaxed text-hero-muted [&_strong]:font-semibold [&_strong]:text-white ${lineClamps[Math.min(Math.max(section.text_lines, 1), 6) - 1]}`}
                // The server keeps only <strong>, <em>, <b>, <i> and <br> (content.SanitizeMarkup).
                dangerouslySetInnerHTML={{ __html: card.desc }}
              />
            </article>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
