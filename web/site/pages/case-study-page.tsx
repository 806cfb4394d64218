import { contentOf, type CaseStudyContent } from '../content/content';
import { ItemCover } from '../content/item-cover';
import { valueKey } from '../content/labels';
import { LocalDate } from '../content/local-date';
import { ContentSection } from '../content/prose';
import { Prose } from '../content/prose-doc';
import { RelatedItems } from '../content/related-items';
import { BackLink } from '../layout/back-link';
import { ActionLink, FactList, ItemLayout } from '../layout/item-layout';
import { PageHeader } from '../layout/page-header';
import { requestRoute } from '../routing/routes';
import { Badge } from '../../shared/ui/badge';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { useContentLang, useLocalizedPath, usePage, usePageTitle } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/** A client story: who the client was, the problem, the work, the result in figures. */
export default function CaseStudyPage() {
  const { t } = useTranslation('resources');
  const { t: tc } = useTranslation();
  const { page } = usePage();
  const navTitle = usePageTitle();
  const contentLang = useContentLang();
  const localize = useLocalizedPath();
  const content = contentOf<CaseStudyContent>(page);
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const sector = tc(`sectors.${valueKey(content.sector)}`);
  const text = (value: string) => <span {...contentLang}>{value}</span>;
  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.description}
        fromContent
        breadcrumbs={page.breadcrumbs}
        eyebrow={<Badge tone="accent">{sector}</Badge>}
        aside={<ItemCover alt={content.imageAlt} className="aspect-[16/9] lg:aspect-[16/10]" />}
      />
      <ItemLayout
        aside={
          <>
            <FactList
              facts={[
                { term: t('stories.client'), value: text(content.client) },
                { term: t('stories.sector'), value: sector },
                { term: t('stories.country'), value: text(content.country) },
                { term: t('stories.duration'), value: text(content.duration) },
                { term: t('stories.standards'), value: text(content.standards.join(', ')) },
                { term: t('item.published'), value: <LocalDate value={content.date} /> },
              ]}
            />
            <ActionLink href={localize(requestRoute)}>
              {t('item.ctaAction')}
              <ArrowEndIcon />
            </ActionLink>
          </>
        }
      >
        <section aria-label={t('stories.results')}>
          <dl className="grid gap-4 sm:grid-cols-3" {...contentLang}>
            {content.figures.map((figure, index) => (
              <div
                key={index}
                className="flex flex-col rounded-card border border-line bg-accent-soft p-5"
              >
                <dt className="order-2 mt-2 text-sm leading-snug text-ink">{figure.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-accent" dir="auto">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <ContentSection id="challenge" heading={t('stories.challenge')}>
          <Prose doc={content.challenge} />
        </ContentSection>
        <ContentSection id="approach" heading={t('stories.approach')}>
          <Prose doc={content.approach} />
        </ContentSection>
        <ContentSection id="outcome" heading={t('stories.outcome')}>
          <Prose doc={content.outcome} />
        </ContentSection>
      </ItemLayout>
      <BackLink />
      <RelatedItems />
    </>
  );
}
