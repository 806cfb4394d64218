import { useId } from 'react';
import { usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { ArrowEndIcon, MailIcon, PhoneIcon } from '../../shared/ui/icons';
import { telHref } from './tel-href';

type ContactCardProps = {
  /** The step the card offers: a request for proposal, or a question for the firm. */
  action: 'proposal' | 'question';
  /** Where that step is, such as the request for proposal with the page's service chosen. */
  href: string;
};

/**
 * Beside a page's text: a consultant to talk to (or, on a legal page, a question to ask), and the
 * firm's phone and e-mail.
 */
export function ContactCard({ action, href }: ContactCardProps) {
  const { t } = useTranslation();
  const { site } = usePage();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-raised p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg leading-snug font-semibold text-ink">
        {t(`contactCard.${action}.heading`)}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">
        {t(`contactCard.${action}.text`)}
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
