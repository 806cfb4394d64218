import { contentOf, type ServiceContent } from '../content/content';
import { ClientStories } from '../content/client-stories';
import { CredentialStrip } from '../content/credential-strip';
import { CtaBand } from '../content/cta-band';
import { HeaderCover, PageHeader } from '../layout/page-header';
import { ServiceBody } from '../content/service-body';
import { useLocalizedPath, usePage, usePageTitle } from './page-context';
import { proposalRoute } from '../routing/routes';
import { useTranslation } from '../../shared/i18n/translation';

/** A service or a standard: what it is, who needs it, how we work, and what the client gets. */
export default function ServicePage() {
  const { t } = useTranslation('pages');
  const { page } = usePage();
  const navTitle = usePageTitle();
  const localize = useLocalizedPath();
  const content = contentOf<ServiceContent>(page);
  if (!content) {
    return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  }
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
      <ServiceBody content={content} standard={page.kind === 'standard'} />
      <CredentialStrip credentials={page.credentials ?? []} variant="page" />
      <ClientStories />
      {content.cta && (
        <CtaBand
          cta={content.cta}
          href={localize(proposalRoute(page.route))}
          action={t('cta.button')}
        />
      )}
    </>
  );
}
