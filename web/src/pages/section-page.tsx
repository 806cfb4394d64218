import { useTranslation } from '../translation';
import { LinkCards } from '../components/link-cards';
import { PageHeader } from '../components/page-header';
import { usePage, usePageTitle } from '../page-context';

/** The frame of every content page: breadcrumbs, heading and the pages beneath it. */
export default function SectionPage() {
  const { t } = useTranslation();
  const { page } = usePage();
  const title = usePageTitle();
  return (
    <>
      <PageHeader title={title} breadcrumbs={page.breadcrumbs} />
      <LinkCards title={t('page.inThisSection')} items={page.children} />
    </>
  );
}
