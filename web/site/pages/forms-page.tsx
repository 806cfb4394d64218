import { contentOf, type SectionsContent } from '../content/content';
import { ContentSections } from '../content/content-sections';
import { HeaderCover, PageHeader } from '../layout/page-header';
import { EnquiryForms } from '../forms/enquiry-forms';
import { Island } from '../islands/island';
import { usePage, usePageTitle } from './page-context';

/**
 * The forms page: the request for proposal and the general inquiry as two tabs, with the page's
 * sections (what to include, what happens next, keeping it safe) beside them on wide screens.
 */
export default function FormsPage() {
  const { page } = usePage();
  const navTitle = usePageTitle();
  const content = contentOf<SectionsContent>(page);
  return (
    <>
      <PageHeader
        title={content?.title ?? navTitle}
        lead={content?.summary}
        fromContent={content !== null}
        breadcrumbs={page.breadcrumbs}
        asideOnWideScreens
        aside={<HeaderCover route={page.route} />}
      />
      <div className="page-shell grid gap-14 py-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12 lg:py-16 xl:grid-cols-[minmax(0,1fr)_24rem] xl:gap-16">
        <div className="min-w-0">
          <Island name="enquiry-forms" component={EnquiryForms} props={{}} />
        </div>
        {content && content.sections.length > 0 && (
          <div className="min-w-0 space-y-12">
            <ContentSections sections={content.sections} />
          </div>
        )}
      </div>
    </>
  );
}
