import { useTranslation } from '../translation';
import { PageHeader } from '../components/page-header';
import { usePage, usePageTitle } from '../page-context';

export default function LoginPage() {
  const { t } = useTranslation();
  const { page } = usePage();
  const title = usePageTitle();
  return (
    <PageHeader title={title} breadcrumbs={page.breadcrumbs}>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">{t('page.loginIntro')}</p>
    </PageHeader>
  );
}
