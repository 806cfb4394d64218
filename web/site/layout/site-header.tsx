import { useTranslation } from '../../shared/i18n/translation';
import { useLocalizedPath, usePage } from '../pages/page-context';
import { DesktopNav } from './desktop-nav';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { AccountControl } from './profile-menu';
import { TopBar } from './top-bar';
import { SiteSearch } from '../search/site-search';
import { Island } from '../islands/island';

export function SiteHeader() {
  const { t } = useTranslation();
  const { site } = usePage();
  const localize = useLocalizedPath();
  return (
    <header className="relative z-30 border-b border-line bg-raised">
      <TopBar />
      <div className="relative page-shell flex h-16 items-center gap-3 lg:h-[4.5rem] xl:gap-6">
        <a
          href={localize('/')}
          aria-label={t('header.homeLink', { name: site.name })}
          className="min-w-0 rounded-md"
        >
          {/* The wordmark gives way first when a phone is short of room, so the header never
              scrolls sideways: in Arabic, whose sign-in label is the longest, the mark stands alone
              below 400 px, and elsewhere the wordmark is cut rather than pushed off (a fallback
              typeface, before the site's has arrived, is wider). */}
          <Logo
            name={site.name}
            wordmarkClassName="flex min-w-0 rtl:max-[399px]:hidden lg:max-xl:hidden"
          />
        </a>
        <Island
          name="desktop-nav"
          component={DesktopNav}
          props={{ className: 'hidden flex-1 justify-center lg:flex' }}
        />
        <Island
          name="site-search"
          component={SiteSearch}
          props={{ className: 'ms-auto lg:ms-0' }}
        />
        <Island
          name="account-control"
          component={AccountControl}
          props={{ loginClassName: 'hidden lg:inline-flex', menuClassName: 'hidden lg:flex' }}
        />
        <Island name="mobile-menu" component={MobileMenu} props={{ className: 'lg:hidden' }} />
      </div>
    </header>
  );
}
