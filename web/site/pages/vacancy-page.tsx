import { contentOf, type VacancyContent } from '../content/content';
import { BackLink } from '../layout/back-link';
import { Badge } from '../../shared/ui/badge';
import { ItemCover } from '../content/item-cover';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { ActionLink, FactList, ItemLayout } from '../layout/item-layout';
import { valueKey } from '../content/labels';
import { LocalDate } from '../content/local-date';
import { PageHeader } from '../layout/page-header';
import { BulletList, ContentSection } from '../content/prose';
import { Prose } from '../content/prose-doc';
import { RelatedItems } from '../content/related-items';
import { ApplicationForm, useApplicationsOpen } from '../forms/application-form';
import { FormPanel } from '../forms/form-parts';
import { formatDate, formatMoneyRange } from '../i18n/formatting';
import { formsNamespace } from '../../shared/i18n/i18n';
import { useContentLang, useNavLabel, usePage, usePageTitle } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/** The vacancy's slug: the last segment of its route, which the application endpoint names. */
export function vacancySlug(route: string): string {
  return route.split('/').filter(Boolean).at(-1) ?? '';
}

/** A job vacancy: the role, what it asks and offers, and the form to apply with. */
export default function VacancyPage() {
  const { t } = useTranslation('resources');
  const { t: tf } = useTranslation(formsNamespace);
  const { page, site, locale } = usePage();
  const navTitle = usePageTitle();
  const navLabel = useNavLabel();
  const contentLang = useContentLang();
  const content = contentOf<VacancyContent>(page);
  // Open or closed by the visitor's clock; the server renders the form (null: undecided).
  const open = useApplicationsOpen(content?.validThrough ?? '');
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const office = site.offices.find((candidate) => candidate.key === content.office);
  const city = navLabel({ translationKey: content.office, name: office?.city ?? content.office });
  const employmentType = t(`employmentTypes.${valueKey(content.employmentType)}`, {
    defaultValue: content.employmentType,
  });
  const lists = [
    { id: 'responsibilities', items: content.responsibilities },
    { id: 'requirements', items: content.requirements },
    { id: 'niceToHave', items: content.niceToHave ?? [] },
    { id: 'benefits', items: content.benefits },
  ].filter((list) => list.items.length > 0);

  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.summary}
        fromContent
        breadcrumbs={page.breadcrumbs}
        asideOnWideScreens
        aside={<ItemCover className="aspect-[16/10]" />}
        eyebrow={
          <span className="flex flex-wrap gap-2">
            <Badge tone="accent">{city}</Badge>
            <Badge>{employmentType}</Badge>
          </span>
        }
      />
      <ItemLayout
        aside={
          <>
            <FactList
              facts={[
                { term: t('item.office'), value: city },
                { term: t('item.employmentType'), value: employmentType },
                {
                  term: t('item.department'),
                  value: <span {...contentLang}>{content.department}</span>,
                },
                ...(content.baseSalary
                  ? [
                      {
                        term: t('item.salary'),
                        value: t(`item.salaryPer.${content.baseSalary.unit}`, {
                          range: formatMoneyRange(
                            content.baseSalary.currency,
                            content.baseSalary.min,
                            content.baseSalary.max,
                            locale,
                          ),
                        }),
                      },
                    ]
                  : []),
                { term: t('item.posted'), value: <LocalDate value={content.datePosted} /> },
                { term: t('item.closes'), value: <LocalDate value={content.validThrough} /> },
              ]}
            />
            <ActionLink href="#apply">
              {t('item.apply')}
              <ArrowEndIcon />
            </ActionLink>
            <p className="mt-3 text-sm leading-relaxed text-ink-muted">
              {t('item.applyText', { city })}
            </p>
          </>
        }
      >
        <ContentSection id="role" heading={t('item.role')}>
          <Prose doc={content.description} />
        </ContentSection>
        {lists.map((list) => (
          <ContentSection key={list.id} id={list.id} heading={t(`item.${list.id}`)}>
            <BulletList items={list.items} />
          </ContentSection>
        ))}
        <FormPanel
          id="apply"
          title={tf('application.title')}
          intro={open === false ? undefined : tf('application.intro')}
        >
          {open === false ? (
            <div className="rounded-md border border-line bg-surface px-4 py-3">
              <p className="font-semibold text-ink">{tf('application.closed')}</p>
              <p className="mt-1 text-sm text-ink-muted">
                {tf('application.closedDate', { date: formatDate(content.validThrough, locale) })}
              </p>
            </div>
          ) : (
            <ApplicationForm vacancy={vacancySlug(page.route)} />
          )}
        </FormPanel>
      </ItemLayout>
      <BackLink />
      <RelatedItems />
    </>
  );
}
