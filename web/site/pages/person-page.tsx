import { contentOf, slugOf, type PersonContent } from '../content/content';
import { Badge } from '../../shared/ui/badge';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { ActionLink, FactList, ItemLayout } from '../layout/item-layout';
import { PageHeader } from '../layout/page-header';
import { BulletList, ContentSection } from '../content/prose';
import { Portrait } from '../content/portrait';
import { Prose } from '../content/prose-doc';
import { RelatedItems } from '../content/related-items';
import { officeRoute } from '../routing/routes';
import {
  useContentLang,
  useLocalizedPath,
  useNavLabel,
  usePage,
  usePageTitle,
  useRouteLabel,
} from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/** One of the firm's people: their portrait, role, office, languages, certifications and bio. */
export default function PersonPage() {
  const { t } = useTranslation('resources');
  const { page, site } = usePage();
  const navTitle = usePageTitle();
  const navLabel = useNavLabel();
  const routeLabel = useRouteLabel();
  const localize = useLocalizedPath();
  const contentLang = useContentLang();
  const content = contentOf<PersonContent>(page);
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const office = site.offices.find((candidate) => candidate.key === content.office);
  const city = navLabel({ translationKey: content.office, name: office?.city ?? content.office });
  const services = (content.services ?? []).flatMap((route) => {
    const label = routeLabel(route);
    return label ? [{ route, label }] : [];
  });
  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.description}
        fromContent
        breadcrumbs={page.breadcrumbs}
        eyebrow={
          <span className="flex flex-wrap gap-2">
            <Badge tone="accent">{content.role}</Badge>
            <Badge>{city}</Badge>
          </span>
        }
        aside={
          <Portrait
            drawnAs={slugOf(page.route)}
            alt={t('people.portrait', { name: content.title })}
            lazy={false}
            className="size-40 rounded-card shadow-panel sm:size-48"
          />
        }
      />
      <ItemLayout
        aside={
          <>
            <FactList
              facts={[
                { term: t('people.role'), value: <span {...contentLang}>{content.role}</span> },
                { term: t('item.office'), value: city },
                {
                  term: t('people.languages'),
                  value: <span {...contentLang}>{content.languages.join(', ')}</span>,
                },
              ]}
            />
            <ActionLink href={localize(officeRoute(content.office))}>
              {t('people.contact', { city })}
              <ArrowEndIcon />
            </ActionLink>
          </>
        }
      >
        <ContentSection id="about" heading={t('people.about')}>
          <Prose doc={content.body} />
        </ContentSection>
        <ContentSection id="certifications" heading={t('people.certifications')}>
          <BulletList items={content.certifications} />
        </ContentSection>
        {services.length > 0 && (
          <ContentSection id="services" heading={t('people.services')}>
            <ul className="grid gap-2 sm:grid-cols-2">
              {services.map((service) => (
                <li key={service.route}>
                  <a
                    href={localize(service.route)}
                    className="font-medium text-accent underline-offset-4 hover:underline"
                  >
                    {service.label}
                  </a>
                </li>
              ))}
            </ul>
          </ContentSection>
        )}
      </ItemLayout>
      <RelatedItems />
    </>
  );
}
