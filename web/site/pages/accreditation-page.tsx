import { contentOf, type AccreditationContent } from '../content/content';
import { Emblem } from '../content/emblem';
import { LocalDate } from '../content/local-date';
import { ContentSection } from '../content/prose';
import { Prose } from '../content/prose-doc';
import { BackLink } from '../layout/back-link';
import { FactList, ItemLayout } from '../layout/item-layout';
import { PageHeader } from '../layout/page-header';
import { ArrowEndIcon, ExternalLinkIcon } from '../../shared/ui/icons';
import {
  useContentLang,
  useLocalizedPath,
  usePage,
  usePageTitle,
  useRouteLabel,
} from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/** One accreditation, certification or membership: who granted it, what it covers, how to check it. */
export default function AccreditationPage() {
  const { t } = useTranslation('resources');
  const { t: tc } = useTranslation();
  const { page } = usePage();
  const navTitle = usePageTitle();
  const contentLang = useContentLang();
  const localize = useLocalizedPath();
  const routeLabel = useRouteLabel();
  const content = contentOf<AccreditationContent>(page);
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const applies = content.shownOn.flatMap((route) => {
    const label = route === '/' ? undefined : routeLabel(route);
    return label ? [{ route, label }] : [];
  });
  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.description}
        fromContent
        breadcrumbs={page.breadcrumbs}
        aside={
          <div className="flex justify-center lg:justify-end">
            <Emblem shape={content.emblemShape} mark={content.emblemMark} className="size-40" />
          </div>
        }
      />
      <ItemLayout
        aside={
          <>
            <FactList
              facts={[
                {
                  term: t('credentials.issuer'),
                  value: <span {...contentLang}>{content.issuer}</span>,
                },
                { term: t('credentials.since'), value: <LocalDate value={content.since} /> },
              ]}
            />
            <a
              href={content.verification}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 flex w-full items-center justify-center gap-2 rounded-md bg-brand px-5 py-3 font-semibold text-on-brand transition-colors hover:bg-brand-hover"
            >
              {t('credentials.verify')}
              <span className="sr-only"> ({tc('header.opensInNewTab')})</span>
              <ExternalLinkIcon />
            </a>
          </>
        }
      >
        <ContentSection id="scope" heading={t('credentials.scope')}>
          <p className="measure leading-7 text-ink" {...contentLang}>
            {content.scope}
          </p>
        </ContentSection>
        <Prose doc={content.body} />
        {applies.length > 0 && (
          <ContentSection id="applies" heading={t('credentials.applies')}>
            <ul className="grid gap-3 sm:grid-cols-2">
              {applies.map(({ route, label }) => (
                <li key={route}>
                  <a
                    href={localize(route)}
                    className="flex items-center justify-between gap-3 rounded-lg border border-line bg-raised p-4 font-semibold text-ink hover:border-accent hover:text-accent"
                  >
                    {label}
                    <ArrowEndIcon className="size-4 shrink-0 text-accent" />
                  </a>
                </li>
              ))}
            </ul>
          </ContentSection>
        )}
      </ItemLayout>
      <BackLink />
    </>
  );
}
