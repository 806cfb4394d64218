import { useTranslation } from '../../shared/i18n/translation';
import { useLocalizedPath, useNavLabel, usePage } from '../pages/page-context';
import { ExternalLinkIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../shared/ui/icons';
import { Logo } from './logo';
import { SocialLinks } from './social-links';
import { telHref } from '../content/tel-href';
import { hasWhatsApp, WhatsAppLink } from '../content/whatsapp-link';
import { OfficeAddress } from './office-address';

const footerLink =
  'rounded-sm text-footer-muted underline-offset-4 transition-colors hover:text-white hover:underline';

export function SiteFooter() {
  const { t } = useTranslation();
  const { site, footer, year, locale } = usePage();
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const yearText = new Intl.NumberFormat(`${locale}-u-nu-latn`, { useGrouping: false }).format(
    year,
  );

  return (
    <footer className="on-dark bg-footer text-footer-ink">
      <div className="page-shell grid gap-10 py-14 lg:grid-cols-12 lg:gap-8">
        <div className="lg:col-span-4">
          <a
            href={localize('/')}
            aria-label={t('header.homeLink', { name: site.name })}
            className="inline-block rounded-md"
          >
            <Logo name={site.name} tone="inverse" />
          </a>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-footer-muted">
            {t('footer.about')}
          </p>
          <h2 className="mt-6 text-sm font-semibold text-white">{t('footer.contact')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a
                href={`mailto:${site.email}`}
                className={`inline-flex items-center gap-2 ${footerLink}`}
              >
                <MailIcon />
                <span dir="ltr">{site.email}</span>
              </a>
            </li>
            <li>
              <a
                href={telHref(site.phone)}
                className={`inline-flex items-center gap-2 ${footerLink}`}
              >
                <PhoneIcon />
                <span dir="ltr">{site.phone}</span>
              </a>
            </li>
          </ul>
          <h2 className="mt-6 text-sm font-semibold text-white">{t('footer.follow')}</h2>
          <SocialLinks
            className="-ms-2 mt-2 flex"
            linkClassName="text-footer-muted hover:bg-white/10 hover:text-white"
            iconClassName="size-5"
          />
        </div>

        <nav aria-label={t('footer.label')} className="lg:col-span-8">
          <div className="grid grid-cols-2 gap-8 md:grid-cols-4">
            {footer.map((group) => (
              <div
                key={group.translationKey}
                className={group.items.length > 5 ? 'col-span-2 md:col-span-1' : ''}
              >
                <h2 className="text-sm font-semibold text-white">{label(group)}</h2>
                <ul className="mt-3 space-y-2.5 text-sm">
                  {group.items.map((item) => (
                    <li key={item.translationKey}>
                      <a href={localize(item.route ?? '/')} className={footerLink}>
                        {label(item)}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
      </div>

      <div className="border-t border-footer-line">
        <div className="page-shell py-10">
          <h2 className="text-sm font-semibold text-white">{t('footer.offices')}</h2>
          <ul className="mt-4 grid gap-6 sm:fill-row-2 sm:grid-cols-2 lg:fill-row-3 lg:grid-cols-3">
            {site.offices.map((office) => (
              <li key={office.key}>
                <p className="font-semibold text-white">
                  {t(`nav.${office.key}`, { defaultValue: office.city })}
                </p>
                <address className="mt-2 space-y-1.5 text-sm text-footer-muted not-italic">
                  <span className="flex items-start gap-2">
                    <MapPinIcon className="mt-0.5 size-4 shrink-0" />
                    <span className="office-address text-start">
                      <OfficeAddress office={office} />
                    </span>
                  </span>
                  <a
                    href={`mailto:${office.email}`}
                    className={`flex items-center gap-2 ${footerLink}`}
                  >
                    <MailIcon className="size-4 shrink-0" />
                    <span dir="ltr">{office.email}</span>
                  </a>
                  <a
                    href={telHref(office.phone)}
                    className={`flex items-center gap-2 ${footerLink}`}
                  >
                    <PhoneIcon className="size-4 shrink-0" />
                    <span dir="ltr">{office.phone}</span>
                  </a>
                  {hasWhatsApp(office) && (
                    <WhatsAppLink
                      office={office}
                      withIcon
                      className={`flex items-center gap-2 ${footerLink}`}
                    />
                  )}
                </address>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-footer-line">
        <div className="page-shell flex flex-col gap-3 py-6 text-sm text-footer-muted sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.copyright', { year: yearText, name: site.name })}</p>
          <p>
            <a href={site.parent.url} className={`inline-flex items-center gap-1.5 ${footerLink}`}>
              {t('footer.parent', { name: site.parent.name })}
              <ExternalLinkIcon />
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
