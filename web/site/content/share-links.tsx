import { useId } from 'react';
import { usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { LinkIcon, MailIcon } from '../../shared/ui/icons';
import { SocialIcon } from '../layout/social-links';
import { showToast } from '../layout/toasts';

const buttonClass =
  'inline-flex h-9 items-center justify-center rounded-md border border-line text-ink-muted transition-colors hover:border-accent hover:text-accent';

/**
 * Ways to pass the page on: LinkedIn and X (each opens its own sharing page), an e-mail, or its
 * address copied. Nothing is loaded from those networks until the reader chooses one.
 */
export function ShareLinks({ title }: { title: string }) {
  const { t } = useTranslation();
  const { canonical } = usePage();
  const headingId = useId();
  const url = encodeURIComponent(canonical);
  const text = encodeURIComponent(title);
  const targets = [
    {
      key: 'linkedin',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      icon: <SocialIcon network="linkedin" className="size-4" />,
    },
    {
      key: 'x',
      href: `https://x.com/intent/post?url=${url}&text=${text}`,
      icon: <SocialIcon network="x" className="size-4" />,
    },
  ];
  const copy = () => {
    navigator.clipboard.writeText(canonical).then(
      () => showToast(t('share.copied')),
      () => showToast(t('share.copyFailed'), { tone: 'error' }),
    );
  };
  return (
    <div role="group" aria-labelledby={headingId}>
      <p id={headingId} className="text-sm font-semibold text-ink">
        {t('share.heading')}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {targets.map((target) => (
          <li key={target.key}>
            <a
              href={target.href}
              target="_blank"
              rel="noopener"
              aria-label={`${t(`share.${target.key}`)} (${t('header.opensInNewTab')})`}
              title={t(`share.${target.key}`)}
              className={`${buttonClass} w-9`}
            >
              {target.icon}
            </a>
          </li>
        ))}
        <li>
          <a
            href={`mailto:?subject=${text}&body=${url}`}
            aria-label={t('share.email')}
            title={t('share.email')}
            className={`${buttonClass} w-9`}
          >
            <MailIcon className="size-4" />
          </a>
        </li>
        <li>
          <button
            type="button"
            onClick={copy}
            aria-label={t('share.copy')}
            title={t('share.copy')}
            className={`${buttonClass} w-9`}
          >
            <LinkIcon className="size-4" />
          </button>
        </li>
      </ul>
    </div>
  );
}
