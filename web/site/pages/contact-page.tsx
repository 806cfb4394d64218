import type { ReactNode } from 'react';
import { contentOf, type OfficeContent } from '../content/content';
import {
  ChatIcon,
  ClockIcon,
  ExternalLinkIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
} from '../../shared/ui/icons';
import { LinkCards } from '../content/link-cards';
import { OfficeAddress } from '../layout/office-address';
import { PageHeader } from '../layout/page-header';
import { CoverImage } from '../../shared/ui/cover-image';
import { ContentSection, Paragraphs } from '../content/prose';
import { telHref } from '../content/tel-href';
import { hasWhatsApp, WhatsAppLink } from '../content/whatsapp-link';
import { ContactForm } from '../forms/contact-form';
import { FormPanel } from '../forms/form-parts';
import { timeZoneName } from '../i18n/formatting';
import { formsNamespace } from '../../shared/i18n/i18n';
import { useContentLang, useNavLabel, usePage, usePageTitle } from './page-context';
import type { MenuItem, Office } from './page-props';
import { officeRoute } from '../routing/routes';
import { useTranslation } from '../../shared/i18n/translation';

/** A search on OpenStreetMap: an ordinary link, so no map is loaded into the page. */
export function mapSearchUrl(query: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-3 text-sm font-semibold text-ink-muted">
        <span className="text-accent">{icon}</span>
        {term}
      </dt>
      <dd className="mt-1 ps-8 text-ink">{children}</dd>
    </div>
  );
}

function OfficeCard({ office, content }: { office: Office; content: OfficeContent | null }) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('pages');
  const { locale } = usePage();
  const contentLang = useContentLang();
  return (
    <section
      aria-labelledby="office-details"
      className="rounded-card border border-line bg-raised p-6 shadow-sm"
    >
      <h2 id="office-details" className="text-xl font-bold tracking-tight text-ink">
        {t('page.officeDetails')}
      </h2>
      <dl className="mt-5 space-y-5">
        <Detail icon={<MapPinIcon className="size-5" />} term={t('page.address')}>
          <address className="not-italic">
            <span className="office-address">
              <OfficeAddress office={office} />
            </span>
          </address>
        </Detail>
        <Detail icon={<PhoneIcon className="size-5" />} term={t('page.phone')}>
          <a
            href={telHref(office.phone)}
            dir="ltr"
            className="font-medium text-accent hover:underline"
          >
            {office.phone}
          </a>
        </Detail>
        {hasWhatsApp(office) && (
          <Detail icon={<ChatIcon className="size-5" />} term={t('page.whatsapp')}>
            <WhatsAppLink office={office} className="font-medium text-accent hover:underline" />
          </Detail>
        )}
        <Detail icon={<MailIcon className="size-5" />} term={t('page.email')}>
          <a
            href={`mailto:${office.email}`}
            dir="ltr"
            className="font-medium break-all text-accent hover:underline"
          >
            {office.email}
          </a>
        </Detail>
        {content && (
          <Detail icon={<ClockIcon className="size-5" />} term={tp('contact.hours')}>
            <ul className="space-y-1" {...contentLang}>
              {content.hours.map((slot) => (
                <li key={slot.days} className="flex flex-wrap justify-between gap-x-4">
                  <span>{slot.days}</span>
                  <span className="font-medium tabular-nums" dir="ltr">
                    {slot.time}
                  </span>
                </li>
              ))}
              <li className="flex flex-wrap justify-between gap-x-4 text-ink-muted">
                <span>{content.weekend}</span>
                <span>{tp('contact.closed')}</span>
              </li>
            </ul>
            <p className="mt-3 text-sm text-ink-muted" suppressHydrationWarning>
              {tp('contact.timeZone', { zone: timeZoneName(content.timezone, locale) })}
            </p>
          </Detail>
        )}
      </dl>
    </section>
  );
}

/** An office page: what the office covers, how to reach it, and when it is open. */
export default function ContactPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('pages');
  const { t: tf } = useTranslation(formsNamespace);
  const { page, site } = usePage();
  const navTitle = usePageTitle();
  const navLabel = useNavLabel();
  const content = contentOf<OfficeContent>(page);
  const office = site.offices.find((candidate) => candidate.key === page.translationKey);
  const otherOffices: MenuItem[] = site.offices
    .filter((candidate) => candidate !== office)
    .map((candidate) => ({
      name: candidate.city,
      translationKey: candidate.key,
      route: officeRoute(candidate.key),
    }));
  const mapQuery = content?.mapQuery ?? office?.address;
  const city = office ? navLabel({ translationKey: office.key, name: office.city }) : '';

  return (
    <>
      <PageHeader
        title={content?.title ?? navTitle}
        lead={content?.summary}
        fromContent={content !== null}
        breadcrumbs={page.breadcrumbs}
        aside={
          <CoverImage
            route={page.route}
            alt=""
            className="aspect-[16/9] w-full overflow-hidden rounded-card shadow-panel"
          />
        }
      />
      <div className="page-shell grid gap-12 py-12 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-16 lg:py-16">
        {office && (
          <div className="lg:col-start-2 lg:row-start-1">
            <OfficeCard office={office} content={content} />
          </div>
        )}
        <div className="min-w-0 space-y-12 lg:col-start-1 lg:row-start-1">
          {content && (
            <ContentSection id="office" heading={tp('contact.about')}>
              <Paragraphs items={content.paragraphs} />
            </ContentSection>
          )}
          {office && (
            <FormPanel
              id="write-to-us"
              title={tf('contact.title', { city })}
              intro={tf('contact.intro', { city })}
            >
              <ContactForm office={office.key} city={city} />
            </FormPanel>
          )}
          {(content || mapQuery) && (
            <ContentSection id="directions" heading={tp('contact.directions')}>
              {content && <Paragraphs items={[content.directions]} />}
              {mapQuery && (
                <a
                  href={mapSearchUrl(mapQuery)}
                  target="_blank"
                  rel="noopener"
                  className="mt-6 inline-flex items-center gap-2 rounded-md border border-line-strong px-5 py-2.5 font-semibold text-ink transition-colors hover:border-accent hover:text-accent"
                >
                  <MapPinIcon className="size-5 text-accent" />
                  {tp('contact.map')}
                  <ExternalLinkIcon />
                  <span className="sr-only">({t('header.opensInNewTab')})</span>
                </a>
              )}
            </ContentSection>
          )}
        </div>
      </div>
      <LinkCards title={tp('contact.otherOffices')} items={otherOffices} />
    </>
  );
}
