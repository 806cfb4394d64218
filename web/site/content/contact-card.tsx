import { useId } from 'react';
import { useLocalizedPath, usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { ArrowEndIcon, MailIcon, PhoneIcon } from '../../shared/ui/icons';
import { telHref } from './tel-href';
import { slugOf } from './content';
import { Portrait } from './portrait';

type ContactCardProps = {
  /** The step the card offers: a request for proposal, or a question for the firm. */
  action: 'proposal' | 'question';
  /** Where that step is, such as the request for proposal with the page's service chosen. */
  href: string;
};

/**
 * Beside a page's text: a consultant to talk to (or, on a legal page, a question to ask), and the
 * firm's phone and e-mail. On a service or standard page, the consultant is the person who answers
 * for it, named with a link to their page.
 */
export function ContactCard({ action, href }: ContactCardProps) {
  const { t } = useTranslation();
  const { site, page } = usePage();
  const localize = useLocalizedPath();
  const headingId = useId();
  const consultant = action === 'proposal' ? page.consultant : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-raised p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg leading-snug font-semibold text-ink">
        {t(consultant ? 'contactCard.consultant.heading' : `contactCard.${action}.heading`)}
      </h2>
      {consultant && (
        <div className="mt-4 flex items-center gap-3">
          <Portrait
            drawnAs={slugOf(consultant.route)}
            alt=""
            className="size-14 shrink-0 rounded-full"
          />
          <div className="min-w-0">
            <a
              href={localize(consultant.route)}
              className="font-semibold text-ink underline-offset-4 hover:text-accent hover:underline"
            >
              {consultant.title}
            </a>
            <p className="text-sm text-ink-muted">{consultant.role}</p>
          </div>
        </div>
      )}
      <p className="mt-3 text-sm leading-relaxed text-ink-muted">
        {consultant
          ? t('contactCard.consultant.text', { name: consultant.title })
          : t(`contactCard.${action}.text`)}
      </p>
      <a
        href={href}
        className="mt-5 flex w-full items-center justify-center gap-2 rounded-md bg-brand px-4 py-2.5 text-sm font-semibold text-on-brand transition-colors hover:bg-brand-hover"
      >
        {t(`contactCard.${action}.action`)}
        <ArrowEndIcon />
      </a>
      <ul className="mt-5 space-y-2 border-t border-line pt-5 text-sm">
        <li>
          <a
            href={telHref(site.phone)}
            className="inline-flex items-center gap-2 text-ink hover:text-accent"
          >
            <PhoneIcon className="size-4 text-accent" />
            <span dir="ltr">{site.phone}</span>
          </a>
        </li>
        <li>
          <a
            href={`mailto:${site.email}`}
            className="inline-flex items-center gap-2 text-ink hover:text-accent"
          >
            <MailIcon className="size-4 text-accent" />
            <span dir="ltr">{site.email}</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
