import { useId, useState } from 'react';
import type { ClientLogo, HomeContent } from '../content';
import { useTranslation } from '../../../shared/i18n/translation';
import { PauseIcon, PlayIcon } from '../../../shared/ui/icons';
import { SectionIntro } from './section-intro';
import { SiteImage } from './site-image';

function LogoList({ logos, hidden }: { logos: ClientLogo[]; hidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="clients-list" aria-hidden={hidden || undefined}>
      {logos.map((logo) => (
        <li key={logo.src}>
          <SiteImage
            src={logo.src}
            alt={hidden ? '' : t('home.logoAlt', { name: logo.name })}
            title={logo.name}
            className="clients-logo"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * "Our Elite Partners": the clients' logos sliding continuously (40 s a round, 20 s on narrow
 * screens), paused under the pointer or by the button, still for visitors who prefer less
 * motion. The list is drawn twice in a row so the loop has no seam; assistive technology reads
 * it once.
 */
export function ClientsStrip({ section }: { section: HomeContent['clients'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [paused, setPaused] = useState(false);
  if (section.items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="later-section py-16 lg:py-20">
      <div className="page-shell flex flex-wrap items-end justify-between gap-4">
        <SectionIntro id={headingId} heading={section.heading} description={section.description} />
        <button
          type="button"
          className="carousel-button"
          aria-pressed={paused}
          aria-label={t('home.pauseLogos')}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      </div>
      <div className={`clients-strip mt-10 ${paused ? 'clients-paused' : ''}`}>
        <div className="clients-rail">
          <LogoList logos={section.items} />
          <LogoList logos={section.items} hidden />
        </div>
      </div>
    </section>
  );
}
