import { contentOf, type SectionsContent } from '../content/content';
import { ContentSections, sectionEntries } from '../content/content-sections';
import { ContactCard } from '../content/contact-card';
import { CtaBand } from '../content/cta-band';
import { LocalDate } from '../content/local-date';
import { OnThisPage } from '../content/on-this-page';
import { HeaderCover, PageHeader } from '../layout/page-header';
import { ReadingLayout } from '../layout/reading-layout';
import { useLocalizedPath, usePage, usePageTitle } from './page-context';
import { inquiryRoute, officeRoute, requestRoute } from '../routing/routes';
import { useTranslation } from '../../shared/i18n/translation';
import { Island } from '../islands/island';

/** About, forms and legal pages: a summary, then sections of text; legal pages show their date. */
export default function SectionsPage() {
  const { t } = useTranslation('pages');
  const { page } = usePage();
  const navTitle = usePageTitle();
  const localize = useLocalizedPath();
  const content = contentOf<SectionsContent>(page);
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const legal = page.kind === 'legal';
  const entries = sectionEntries(content.sections);
  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.summary}
        fromContent
        breadcrumbs={page.breadcrumbs}
        asideOnWideScreens
        aside={legal ? undefined : <HeaderCover route={page.route} />}
      >
        {legal && content.updated && (
          <p className="mt-5 text-sm text-ink-muted">
            {t('legal.updated')}{' '}
            <LocalDate value={content.updated} className="font-semibold text-ink" />
          </p>
        )}
      </PageHeader>
      <ReadingLayout
        side={
          entries.length > 1 && (
            <Island
              name="on-this-page"
              component={OnThisPage}
              props={{ label: t(legal ? 'legal.contents' : 'onThisPage'), entries }}
            />
          )
        }
        rail={
          legal ? (
            <ContactCard action="question" href={localize(inquiryRoute)} />
          ) : (
            <ContactCard action="proposal" href={localize(requestRoute)} />
          )
        }
      >
        <ContentSections sections={content.sections} />
      </ReadingLayout>
      {content.cta &&
        (page.route === requestRoute ? (
          <CtaBand
            cta={content.cta}
            href={localize(officeRoute('dubai'))}
            action={t('cta.contact')}
          />
        ) : (
          <CtaBand cta={content.cta} href={localize(requestRoute)} action={t('cta.button')} />
        ))}
    </>
  );
}
