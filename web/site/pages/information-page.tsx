import { contentOf, type InformationContent } from '../content/content';
import { ContactCard } from '../content/contact-card';
import { HeaderCover, PageHeader } from '../layout/page-header';
import { Prose } from '../content/prose-doc';
import { ReadingLayout } from '../layout/reading-layout';
import { useLocalizedPath, usePage, usePageTitle } from './page-context';
import { requestRoute } from '../routing/routes';

/** An information page editors added: its title and summary, then its running text. */
export default function InformationPage() {
  const { page } = usePage();
  const navTitle = usePageTitle();
  const localize = useLocalizedPath();
  const content = contentOf<InformationContent>(page);
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.summary}
        fromContent
        breadcrumbs={page.breadcrumbs}
        asideOnWideScreens
        aside={<HeaderCover route={page.route} />}
      />
      <ReadingLayout rail={<ContactCard action="proposal" href={localize(requestRoute)} />}>
        <Prose doc={content.body} />
      </ReadingLayout>
    </>
  );
}
