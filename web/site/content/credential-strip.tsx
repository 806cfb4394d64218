import { useId } from 'react';
import { useLocalizedPath } from '../pages/page-context';
import type { Credential } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { Emblem } from './emblem';

export const accreditationsRoute = '/about-us/accreditations';

type CredentialStripProps = {
  credentials: Credential[];
  /** The home page introduces the firm's credentials; a service names those behind its work. */
  variant: 'home' | 'page';
};

/** A band of the firm's accreditations, each its emblem, name and issuer, linking to its page. */
export function CredentialStrip({ credentials, variant }: CredentialStripProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const headingId = useId();
  if (credentials.length === 0) return null;
  const home = variant === 'home';
  return (
    <section aria-labelledby={headingId} className="border-t border-line bg-surface">
      <div className={`page-shell ${home ? 'py-14 lg:py-20' : 'py-12 lg:py-14'}`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {t(home ? 'showcase.credentialsTitle' : 'showcase.pageCredentialsTitle')}
            </h2>
            <p className="mt-3 text-ink-muted">
              {t(home ? 'showcase.credentialsIntro' : 'showcase.pageCredentialsIntro')}
            </p>
          </div>
          <a
            href={localize(accreditationsRoute)}
            className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-accent hover:underline"
          >
            {t('showcase.allCredentials')}
            <ArrowEndIcon />
          </a>
        </div>
        <ul className="mt-8 flex flex-wrap gap-4">
          {credentials.map((credential) => (
            <li
              key={credential.slug}
              className="min-w-0 grow basis-full sm:basis-[calc((100%-1rem)/2)] lg:basis-[calc((100%-2rem)/3)] xl:basis-[calc((100%-4rem)/5)]"
            >
              <a
                href={localize(credential.route)}
                className="group flex h-full items-center gap-4 rounded-card border border-line bg-raised p-4 shadow-sm transition hover:border-accent hover:shadow-md xl:flex-col xl:items-start"
              >
                <Emblem
                  shape={credential.emblemShape}
                  mark={credential.emblemMark}
                  className="size-16"
                />
                <span className="min-w-0">
                  <span
                    className="block leading-snug font-semibold text-ink group-hover:text-accent"
                    dir="auto"
                  >
                    {credential.title}
                  </span>
                  <span className="mt-1 block text-sm text-ink-muted" dir="auto">
                    {credential.issuer}
                    <span aria-hidden="true"> · </span>
                    {t('showcase.since', { year: credential.since.slice(0, 4) })}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
