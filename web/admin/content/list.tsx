import { pagesCollection, type ContentList, type Session } from '../api';
import { NoticeBox, buttonClass, secondaryButtonClass } from '../ui';
import { useT } from '../shell/lang';
import { Link, useSearch } from '../shell/navigation';
import { named } from './content-labels';
import { NewItemLink } from './items';
import { useContentList } from './queries';
import { StateBadge } from './state-badge';

/** Per translation, how many of a collection's items are not live in it and how many are outdated. */
function TranslationCounts({ data }: { data: ContentList }) {
  const { t } = useT();
  const translations = data.languages.filter((l) => l !== 'en');
  const cell = 'border-b border-line px-3 py-2 text-start';
  return (
    <table className="mb-6 w-full max-w-md border-collapse">
      <caption className="mb-2 text-start font-semibold">{t('content.counts')}</caption>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            {t('content.count.language')}
          </th>
          <th scope="col" className={cell}>
            {t('content.count.missing')}
          </th>
          <th scope="col" className={cell}>
            {t('content.count.outdated')}
          </th>
        </tr>
      </thead>
      <tbody>
        {translations.map((l) => {
          const count = data.counts[l] ?? { missing: 0, outdated: 0 };
          return (
            <tr key={l} data-count={l}>
              <th scope="row" className={`${cell} font-normal`}>
                {named(t, 'languageNames.', l)}
              </th>
              <td className={cell} data-missing-count={count.missing}>
                {count.missing}
              </td>
              <td
                className={`${cell} ${count.outdated > 0 ? 'font-semibold' : ''}`}
                data-outdated-count={count.outdated}
              >
                {count.outdated}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The collections, and the items of the one chosen, with each language's state. */
export function ContentListView({ session }: { session: Session }) {
  const { t } = useT();
  const search = useSearch();
  const collection = new URLSearchParams(search).get('collection') || 'news';
  const list = useContentList(collection);
  const data = list.data ?? null;
  const notice = list.error
    ? { tone: 'error' as const, text: list.error.message || t('common.unreachable') }
    : null;

  const collections = [
    pagesCollection,
    ...(data?.collections ?? ['news', 'blogs', 'publications', 'webinars', 'vacancies']),
  ];
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">{t('content.title')}</h1>
      <p className="mb-6 text-ink-muted">{t('content.lead')}</p>
      <NoticeBox notice={notice} />
      <nav aria-label={t('content.collections')} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {collections.map((name) => (
            <li key={name}>
              <Link
                to={`/admin/content?collection=${name}`}
                className={
                  name === collection
                    ? `${buttonClass} underline underline-offset-4`
                    : secondaryButtonClass
                }
              >
                <span aria-current={name === collection ? 'page' : undefined}>
                  {named(t, 'content.collectionNames.', name)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!data && !notice && <p role="status">{t('common.loading')}</p>}
      {data && data.collection === collection && (
        <section aria-labelledby="content-items">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="content-items" className="text-xl font-semibold">
              {named(t, 'content.collectionNames.', collection)}
            </h2>
            {collection !== pagesCollection && (
              <NewItemLink collection={collection} session={session} />
            )}
          </div>
          <TranslationCounts data={data} />
          {data.items.length === 0 ? (
            <p>{t('content.none')}</p>
          ) : (
            <ul className="grid gap-3">
              {data.items.map((item) => (
                <li
                  key={item.slug}
                  className="rounded-card border border-line bg-raised p-4"
                  data-slug={item.slug}
                >
                  <h3 className="mb-2 font-semibold break-words">
                    <Link
                      to={
                        collection === pagesCollection
                          ? `/admin/content/pages/page?route=${encodeURIComponent(item.slug)}`
                          : `/admin/content/${collection}/${item.slug}`
                      }
                      className="underline underline-offset-4 hover:no-underline"
                    >
                      <bdi>{item.title || item.slug}</bdi>
                    </Link>
                    {collection === pagesCollection && item.title && (
                      <span className="ms-2 text-sm font-normal text-ink-muted" dir="ltr">
                        {item.slug}
                      </span>
                    )}
                  </h3>
                  <p className="flex flex-wrap gap-2" aria-label={t('content.states')}>
                    {data.languages.map((l) => (
                      <StateBadge
                        key={l}
                        locale={l}
                        state={item.languages[l] ?? 'missing'}
                        outdated={item.outdated?.includes(l)}
                      />
                    ))}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
