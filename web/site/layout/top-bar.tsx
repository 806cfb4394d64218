import { useTranslation } from '../../shared/i18n/translation';
import { usePage } from '../pages/page-context';
import { ChatIcon, MailIcon, PhoneIcon } from '../../shared/ui/icons';
import { LanguageSwitcher } from './language-switcher';
import { SocialLinks } from './social-links';
import { ThemeToggle } from './theme-toggle';
import { telHref } from '../content/tel-href';
import { Island } from '../islands/island';

const itemClass =
  'inline-flex h-9 items-center gap-2 rounded-md px-2 transition-colors hover:bg-white/10 hover:text-white';

export function TopBar() {
  const { t } = useTranslation();
  const { site } = usePage();
  return (
    <div className="on-dark bg-topbar text-topbar-ink">
      <div className="page-shell flex h-11 items-center justify-between gap-2 text-sm">
        <ul className="flex min-w-0 items-center gap-0.5 lg:gap-2">
          <li>
            <a
              href={`mailto:${site.email}`}
              title={t('header.emailUs', { email: site.email })}
              className={itemClass}
            >
              <MailIcon />
              <span dir="ltr" className="sr-only md:not-sr-only">
                {site.email}
              </span>
            </a>
          </li>
          <li>
            <a
              href={telHref(site.phone)}
              title={t('header.callUs', { phone: site.phone })}
              className={itemClass}
            >
              <PhoneIcon />
              <span dir="ltr" className="sr-only md:not-sr-only">
                {site.phone}
              </span>
            </a>
          </li>
          <li>
            <a href={site.chatUrl} target="_blank" rel="noopener noreferrer" className={itemClass}>
              <ChatIcon />
              <span className="sr-only xl:not-sr-only">{t('header.chat')}</span>
              <span className="sr-only">({t('header.opensInNewTab')})</span>
            </a>
          </li>
        </ul>
        <div className="flex items-center gap-0.5">
          <SocialLinks
            className="hidden lg:flex"
            linkClassName="hover:bg-white/10 hover:text-white"
          />
          <span aria-hidden="true" className="mx-1.5 hidden h-5 w-px bg-white/20 lg:block" />
          <Island name="language-switcher" component={LanguageSwitcher} props={{}} />
          <Island
            name="theme-toggle"
            component={ThemeToggle}
            props={{ className: 'hover:text-white' }}
          />
        </div>
      </div>
    </div>
  );
}
