import { contentOf, type ListContent } from '../content/content';
import { ItemCard } from '../content/item-card';
import { ItemsBySector } from '../content/items-by-sector';
import { HeaderCover, PageHeader } from '../layout/page-header';
import { Pagination } from '../content/pagination';
import { Paragraphs } from '../content/prose';
import { usePage, usePageTitle } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/**
 * A resource list (news, blogs, publications, webinars, client stories by sector) or the vacancies:
 * intro and cards; the careers page has its own picture beside its heading.
 */
export default function ListPage() {
  const { t } = useTranslation('resources');
  const { page, locale } = usePage();
  const navTitle = usePageTitle();
  const content = contentOf<ListContent>(page);
  return (
    <>
      <PageHeader
        title={content?.title ?? navTitle}
        lead={content?.summary}
        fromContent={content !== null}
        breadcrumbs={page.breadcrumbs}
        {...(page.kind === 'careers'
          ? {
              asideOnWideScreens: true,
              aside: <HeaderCover route={page.route.replace(/\/page\/\d+$/, '')} />,
            }
          : {})}
      />
      <div className="page-shell py-12 lg:py-16">
        {content && content.intro.length > 0 && <Paragraphs items={content.intro} />}
        {page.collection === 'case-studies' && page.items.length > 0 ? (
          <ItemsBySector items={page.items} />
        ) : page.items.length > 0 ? (
          <ul
            className={`grid gap-6 sm:fill-row-2 sm:grid-cols-2 lg:fill-row-3 lg:grid-cols-3 ${content ? 'mt-10' : ''}`}
          >
            {page.items.map((item) => (
              <li key={item.route}>
                <ItemCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-10 rounded-card border border-dashed border-line-strong p-8 text-center text-ink-muted">
            {t(page.kind === 'careers' ? 'list.noVacancies' : 'list.empty')}
          </p>
        )}
        {page.pagination && (
          <Pagination
            route={page.route}
            page={page.pagination.page}
            pages={page.pagination.pages}
            locale={locale}
          />
        )}
      </div>
    </>
  );
}
