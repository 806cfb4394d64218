import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { AreaIcon, ArrowEndIcon } from '../../shared/ui/icons';
import { ClientsStrip } from '../content/home/clients-strip';
import { Counters } from '../content/home/counters';
import { NewsSlider } from '../content/home/news-slider';
import { PartnerSlider } from '../content/home/partner-slider';
import { SiteImage } from '../content/home/site-image';
import { SolutionsSlider } from '../content/home/solutions-slider';
import { Testimonials } from '../content/home/testimonials';
import { contentOf, type HomeContent } from '../content/content';
import { CredentialStrip } from '../content/credential-strip';
import { useLocalizedPath, useNavLabel, usePage } from './page-context';
import './home-page.css';
import { Island } from '../islands/island';

export const homeContactRoute = '/contact-us/dubai';
export const homeRequestRoute = '/forms';

/** Faint shield outlines behind the hero text; decoration only. */
function HeroPattern() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 600 400"
      preserveAspectRatio="xMaxYMid slice"
      className="pointer-events-none absolute inset-0 size-full text-white/[0.06] rtl:-scale-x-100"
    >
      <g fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M470 40 560 74v70c0 56-37 98-90 114-53-16-90-58-90-114V74Z" />
        <path d="M470 70 535 95v50c0 40-27 70-65 82-38-12-65-42-65-82V95Z" />
        <path d="M470 100 510 115v30c0 25-17 43-40 50-23-7-40-25-40-50v-30Z" />
        <path d="M0 330h600M0 360h600M0 300h600" strokeDasharray="2 10" />
      </g>
    </svg>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const { footer, page } = usePage();
  const home = contentOf<HomeContent>(page);
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const areasHeading = useId();
  // The areas of work are the shipped landing pages; a service editors added joins the footer's
  // group, not this list of areas.
  const areas = (footer.find((group) => group.translationKey === 'services')?.items ?? []).filter(
    (area) => !area.added,
  );

  return (
    <>
      <section className="on-dark relative overflow-hidden bg-linear-to-br from-hero to-hero-deep text-hero-ink">
        <HeroPattern />
        <div className="relative page-shell grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-[minmax(0,1fr)_26rem] lg:py-24 xl:grid-cols-[minmax(0,1fr)_32rem]">
          <div>
            <p className="text-sm font-semibold tracking-[0.18em] text-hero-accent uppercase">
              {t('home.eyebrow')}
            </p>
            <h1 className="mt-4 max-w-4xl text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl lg:leading-[1.1]">
              {t('home.title')}
            </h1>
            <p className="mt-6 max-w-2xl text-base leading-relaxed text-hero-muted sm:text-lg">
              {t('home.lead')}
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <a
                href={localize(homeContactRoute)}
                className="inline-flex items-center justify-center gap-2 rounded-md bg-hero-accent px-6 py-3 font-semibold text-hero transition-colors hover:bg-white"
              >
                {t('home.primaryCta')}
                <ArrowEndIcon />
              </a>
              <a
                href={localize(homeRequestRoute)}
                className="inline-flex items-center justify-center rounded-md border border-white/40 px-6 py-3 font-semibold text-white transition-colors hover:border-white hover:bg-white/10"
              >
                {t('home.secondaryCta')}
              </a>
            </div>
          </div>
          <SiteImage
            src="home/hero.svg"
            alt=""
            lazy={false}
            priority
            className="mx-auto hidden h-auto w-full max-w-md lg:block"
          />
        </div>
      </section>

      {home && <Island name="counters" component={Counters} props={{ section: home.counters }} />}

      <section aria-labelledby={areasHeading} className="page-shell py-16 lg:py-24">
        <div className="max-w-2xl">
          <h2 id={areasHeading} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {t('home.areasTitle')}
          </h2>
          <p className="mt-3 text-ink-muted sm:text-lg">{t('home.areasIntro')}</p>
        </div>
        <ul className="mt-10 grid gap-5 sm:fill-row-2 sm:grid-cols-2 lg:fill-row-3 lg:grid-cols-3 xl:fill-row-4 xl:grid-cols-4">
          {areas.map((area) => (
            <li key={area.translationKey}>
              <a
                href={localize(area.route ?? '/')}
                className="group flex h-full flex-col rounded-card border border-line bg-raised p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent-soft text-accent">
                  <AreaIcon area={area.translationKey} className="size-6" />
                </span>
                <span className="mt-5 text-lg font-semibold text-ink">{label(area)}</span>
                <span className="mt-2 flex-1 text-sm leading-relaxed text-ink-muted">
                  {t(`home.areas.${area.translationKey}`, { defaultValue: '' })}
                </span>
                <span className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
                  {t('home.explore')}
                  <ArrowEndIcon className="size-4 transition-transform group-hover:translate-x-1 rtl:group-hover:-translate-x-1" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <CredentialStrip credentials={page.credentials ?? []} variant="home" />

      {home && (
        <>
          <Island
            name="news-slider"
            component={NewsSlider}
            props={{ section: home.news, items: page.items }}
          />
          <Island
            name="solutions-slider"
            component={SolutionsSlider}
            props={{ section: home.solutions }}
          />
          <Island
            name="testimonials"
            component={Testimonials}
            props={{ section: home.testimonials }}
          />
          <Island
            name="partner-slider"
            component={PartnerSlider}
            props={{ section: home.partners }}
          />
          <Island name="clients-strip" component={ClientsStrip} props={{ section: home.clients }} />
        </>
      )}
    </>
  );
}
