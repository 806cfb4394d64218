import { useId } from 'react';
import type { CallToAction } from './content';
import { useContentLang } from '../pages/page-context';
import { ArrowEndIcon } from '../../shared/ui/icons';

type CtaBandProps = {
  cta: CallToAction;
  href: string;
  action: string;
  /** The words come from the site's translations, in the page's language, not from content. */
  translated?: boolean;
};

/** The closing invitation of a page: the content's own words and one clear next step. */
export function CtaBand({ cta, href, action, translated = false }: CtaBandProps) {
  const headingId = useId();
  const contentLang = useContentLang();
  const lang = translated ? {} : contentLang;
  return (
    <section
      aria-labelledby={headingId}
      className="on-dark bg-linear-to-br from-hero to-hero-deep text-hero-ink"
    >
      <div className="page-shell flex flex-col gap-8 py-14 lg:flex-row lg:items-center lg:justify-between lg:py-16">
        <div className="max-w-2xl" {...lang}>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {cta.heading}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-hero-muted sm:text-lg">{cta.text}</p>
        </div>
        <a
          href={href}
          className="inline-flex shrink-0 items-center justify-center gap-2 self-start rounded-md bg-hero-accent px-6 py-3 font-semibold text-hero transition-colors hover:bg-white lg:self-center"
        >
          {action}
          <ArrowEndIcon />
        </a>
      </div>
    </section>
  );
}
