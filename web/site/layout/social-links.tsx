import { useTranslation } from '../../shared/i18n/translation';
import { usePage } from '../pages/page-context';
import type { SocialNetwork } from '../pages/page-props';

/** The mark of a social network, in the current colour. */
export function SocialIcon({ network, className }: { network: SocialNetwork; className: string }) {
  const common = {
    viewBox: '0 0 24 24',
    'aria-hidden': true,
    focusable: false,
    className,
    fill: 'currentColor',
  } as const;
  switch (network) {
    case 'linkedin':
      return (
        <svg {...common}>
          <circle cx="5.5" cy="5.5" r="2.2" />
          <rect x="3.5" y="9" width="4" height="11.5" rx="0.5" />
          <path d="M10 9h3.8v1.7c.7-1.2 2-2 3.8-2 3 0 4.4 1.9 4.4 5.3v6.5h-4v-5.8c0-1.6-.5-2.6-1.9-2.6-1.5 0-2.1 1.1-2.1 2.6v5.8h-4Z" />
        </svg>
      );
    case 'x':
      return (
        <svg {...common}>
          <path d="M3 3h5.6l12.4 18h-5.6Zm2.6 1.4L16.2 19.6h2.2L7.8 4.4Z" fillRule="evenodd" />
          <path d="m19.6 3-6.1 7 1 1.4L21.5 3ZM10.4 12.9 3.3 21h1.9l6.2-7Z" />
        </svg>
      );
    case 'youtube':
      return (
        <svg {...common}>
          <path
            fillRule="evenodd"
            d="M22 8.2c-.2-1.6-1-2.7-2.7-2.9C17 5 14.5 5 12 5s-5 0-7.3.3C3 5.5 2.2 6.6 2 8.2a30 30 0 0 0 0 7.6c.2 1.6 1 2.7 2.7 2.9 2.3.3 4.8.3 7.3.3s5 0 7.3-.3c1.7-.2 2.5-1.3 2.7-2.9a30 30 0 0 0 0-7.6ZM10 9v6l5.2-3Z"
          />
        </svg>
      );
  }
}

type SocialLinksProps = { className?: string; linkClassName?: string; iconClassName?: string };

/** The firm's social profiles; each opens in a new tab and says so to screen readers. */
export function SocialLinks({
  className = 'flex',
  linkClassName = '',
  iconClassName = 'size-4',
}: SocialLinksProps) {
  const { t } = useTranslation();
  const { site } = usePage();
  return (
    <ul className={`items-center gap-1 ${className}`} aria-label={t('header.socialLinks')}>
      {site.social.map((profile) => (
        <li key={profile.network}>
          <a
            href={profile.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('header.followOn', { network: profile.label })}
            title={profile.label}
            className={`inline-flex size-9 items-center justify-center rounded-md transition-colors ${linkClassName}`}
          >
            <SocialIcon network={profile.network} className={iconClassName} />
          </a>
        </li>
      ))}
    </ul>
  );
}
