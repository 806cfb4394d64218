import { useTranslation } from '../translation';
import { MailIcon, MapPinIcon, PhoneIcon } from '../components/icons';
import { LinkCards } from '../components/link-cards';
import { PageHeader } from '../components/page-header';
import { telHref } from '../components/top-bar';
import { usePage, usePageTitle } from '../page-context';

/** An office page: the office's own address and lines, from the site settings. */
export default function ContactPage() {
  const { t } = useTranslation();
  const { page, site } = usePage();
  const title = usePageTitle();
  const office = site.offices.find((candidate) => candidate.key === page.translationKey);
  return (
    <>
      <PageHeader title={title} breadcrumbs={page.breadcrumbs} />
      {office && (
        <section className="page-shell py-12 lg:py-16" aria-labelledby="office-details">
          <h2 id="office-details" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
            {t('page.officeDetails')}
          </h2>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            <div className="rounded-card border border-line bg-raised p-5">
              <dt className="flex items-center gap-2 text-sm font-semibold text-ink-muted">
                <MapPinIcon />
                {t('page.address')}
              </dt>
              <dd className="mt-2 text-ink" dir="ltr">
                <address className="text-start not-italic">{office.address}</address>
              </dd>
            </div>
            <div className="rounded-card border border-line bg-raised p-5">
              <dt className="flex items-center gap-2 text-sm font-semibold text-ink-muted">
                <MailIcon />
                {t('page.email')}
              </dt>
              <dd className="mt-2">
                <a
                  href={`mailto:${office.email}`}
                  dir="ltr"
                  className="font-medium text-accent hover:underline"
                >
                  {office.email}
                </a>
              </dd>
            </div>
            <div className="rounded-card border border-line bg-raised p-5">
              <dt className="flex items-center gap-2 text-sm font-semibold text-ink-muted">
                <PhoneIcon />
                {t('page.phone')}
              </dt>
              <dd className="mt-2">
                <a
                  href={telHref(office.phone)}
                  dir="ltr"
                  className="font-medium text-accent hover:underline"
                >
                  {office.phone}
                </a>
              </dd>
            </div>
          </dl>
        </section>
      )}
      <LinkCards title={t('page.inThisSection')} items={page.children} />
    </>
  );
}
