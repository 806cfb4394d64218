import { useUser } from '../session/user-store';
import { contentOf, type PublicationContent } from '../content/content';
import { BackLink } from '../layout/back-link';
import { Badge } from '../../shared/ui/badge';
import { ArrowEndIcon, CheckIcon } from '../../shared/ui/icons';
import { ActionLink, FactList, ItemLayout } from '../layout/item-layout';
import { ItemCover } from '../content/item-cover';
import { valueKey } from '../content/labels';
import { LocalDate } from '../content/local-date';
import { PageHeader } from '../layout/page-header';
import { ContentSection } from '../content/prose';
import { Prose } from '../content/prose-doc';
import { RelatedItems } from '../content/related-items';
import { FormPanel } from '../forms/form-parts';
import { PublicationDownload } from '../forms/publication-form';
import { formatNumber } from '../i18n/formatting';
import { formsNamespace } from '../../shared/i18n/i18n';
import { useContentLang, usePage, usePageTitle } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/** A guide, white paper, checklist or report: what is inside, and how to get a copy. */
export default function PublicationPage() {
  const { t } = useTranslation('resources');
  const { t: tf } = useTranslation(formsNamespace);
  const { page, locale } = usePage();
  const user = useUser();
  const navTitle = usePageTitle();
  const contentLang = useContentLang();
  const content = contentOf<PublicationContent>(page);
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const type = t(`publicationTypes.${valueKey(content.type)}`, { defaultValue: content.type });
  const slug = page.route.slice(page.route.lastIndexOf('/') + 1);

  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.description}
        fromContent
        breadcrumbs={page.breadcrumbs}
        eyebrow={<Badge tone="accent">{type}</Badge>}
        aside={<ItemCover alt={content.imageAlt} className="aspect-[16/9] lg:aspect-[16/10]" />}
      />
      <ItemLayout
        aside={
          <>
            <FactList
              facts={[
                { term: t('item.type'), value: type },
                { term: t('item.pages'), value: formatNumber(content.pages, locale) },
                { term: t('item.published'), value: <LocalDate value={content.date} /> },
              ]}
            />
            <ActionLink href="#download">
              {tf('publication.action')}
              <ArrowEndIcon />
            </ActionLink>
            <p className="mt-3 text-sm leading-relaxed text-ink-muted">
              {tf(user ? 'publication.actionTextSignedIn' : 'publication.actionText')}
            </p>
          </>
        }
      >
        <Prose doc={content.body} />
        <ContentSection id="highlights" heading={t('item.highlights')}>
          <ul className="measure space-y-3" {...contentLang}>
            {content.highlights.map((highlight, index) => (
              <li key={index} className="flex gap-3 leading-7 text-ink">
                <CheckIcon className="mt-1 size-5 shrink-0 text-accent" />
                <span>{highlight}</span>
              </li>
            ))}
          </ul>
        </ContentSection>
        <FormPanel
          id="download"
          title={tf('publication.title')}
          intro={user ? undefined : tf('publication.intro')}
        >
          <PublicationDownload publication={slug} />
        </FormPanel>
      </ItemLayout>
      <BackLink />
      <RelatedItems />
    </>
  );
}
