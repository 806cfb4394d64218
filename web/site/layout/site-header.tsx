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
          className="shrink-0 rounded-md"
        >
          <Logo name={site.name} wordmarkClassName="flex lg:max-xl:hidden" />
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
