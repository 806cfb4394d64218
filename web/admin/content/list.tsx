import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { pagesCollection, type ContentFind, type FoundItem, type Session } from '../api';
import { NoticeBox, buttonClass, secondaryButtonClass } from '../ui';
import { useLabels, useT } from '../shell/lang';
import { Link } from '../shell/navigation';
import { ChooseAll } from '../shell/selection-bar';
import { ContentBulkBar, itemKey } from './content-bulk';
import { named } from './content-labels';
import { FindForm } from './find-form';
import { findAddress, findQuery, findSearch, type FindSearch } from './find-search';
import { NewItemLink } from './items';
import { PresenceMarkers } from './presence-banner';
import { useContentFind } from './queries';
import { StateBadge } from './state-badge';

const collectionOrder = ['news', 'blogs', 'publications', 'webinars', 'vacancies'];

/**
 * Per translation, how many items of the collection chosen (or of all) are not live in it and how
 * many are outdated: each count a link to the list of them, and a link to both (to translate).
 */
function TranslationCounts({ data, filter }: { data: ContentFind; filter: FindSearch }) {
  const { t } = useT();
  const translations = data.languages.filter((l) => l !== 'en');
  const cell = 'border-b border-line px-3 py-2 text-start';
  const link = (lang: string, state: string, text: string | number) => (
    <Link
      to={findAddress({ collection: filter.collection, lang, state })}
      className="underline underline-offset-4 hover:no-underline"
    >
      {text}
    </Link>
  );
  return (
    <table className="mb-6 w-full max-w-xl border-collapse">
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
          <th scope="col" className={cell}>
            <span className="sr-only">{t('find.queue')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {translations.map((l) => {
          const count = data.counts[l] ?? { missing: 0, outdated: 0 };
          const language = named(t, 'languageNames.', l);
          return (
            <tr key={l} data-count={l}>
              <th scope="row" className={`${cell} font-normal`}>
                {language}
              </th>
              <td className={cell} data-missing-count={count.missing}>
                {link(l, 'missing', count.missing)}
              </td>
              <td
                className={`${cell} ${count.outdated > 0 ? 'font-semibold' : ''}`}
                data-outdated-count={count.outdated}
              >
                {link(l, 'outdated', count.outdated)}
              </td>
              <td className={cell}>{link(l, 'translate', t('find.toTranslate', { language }))}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One page or item: a box to choose it, its title, each language's state and its last change. */
function FoundRow({
  item,
  chosen,
  selectable,
  onChoose,
  languages,
}: {
  item: FoundItem;
  chosen: boolean;
  selectable: boolean;
  onChoose: (chosen: boolean) => void;
  languages: string[];
}) {
  const { t, when } = useLabels();
  const page = item.collection === pagesCollection;
  const title = item.title || item.slug;
  return (
    <li
      className="flex gap-3 rounded-card border border-line bg-raised p-4"
      data-slug={item.slug}
      data-collection={item.collection}
    >
      {selectable && (
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={chosen}
          aria-label={t('bulk.choose', { title })}
          onChange={(e) => onChoose(e.target.checked)}
        />
      )}
      <div className="min-w-0 grow">
        <h3 className="mb-2 font-semibold break-words">
          <Link
            to={
              page
                ? `/admin/content/pages/page?route=${encodeURIComponent(item.slug)}`
                : `/admin/content/${item.collection}/${item.slug}`
            }
            className="underline underline-offset-4 hover:no-underline"
          >
            <bdi>{title}</bdi>
          </Link>
          {page && item.title && (
            <span className="ms-2 text-sm font-normal text-ink-muted" dir="ltr">
              {item.slug}
            </span>
          )}
        </h3>
        {item.present.length > 0 && (
          <p className="mb-2">
            <PresenceMarkers editors={item.present} />
          </p>
        )}
        <p className="flex flex-wrap gap-2" aria-label={t('content.states')}>
          {languages.map((l) => (
            <StateBadge
              key={l}
              locale={l}
              state={item.languages[l] ?? 'missing'}
              outdated={item.outdated.includes(l)}
            />
          ))}
        </p>
        {item.changedAt && (
          <p className="mt-2 text-sm text-ink-muted">
            {item.changedBy?.name
              ? t('find.changedBy', { date: when(item.changedAt), name: item.changedBy.name })
              : t('find.changed', { date: when(item.changedAt) })}
          </p>
        )}
      </div>
    </li>
  );
}

type Group = { name: string; items: FoundItem[]; groups: Group[] };

/** The pages as the site's tree: section, then group, then page. */
function pageTree(items: FoundItem[]): Group {
  const root: Group = { name: '', items: [], groups: [] };
  for (const item of items) {
    let at = root;
    for (const step of item.trail) {
      let next = at.groups.find((g) => g.name === step);
      if (!next) {
        next = { name: step, items: [], groups: [] };
        at.groups.push(next);
      }
      at = next;
    }
    at.items.push(item);
  }
  return root;
}

/** The results of a filter: items by collection, pages as their tree, each with a box to choose it. */
function Results({
  data,
  sorted,
  chosen,
  selectable,
  onChoose,
}: {
  data: ContentFind;
  sorted: boolean;
  chosen: Set<string>;
  selectable: boolean;
  onChoose: (item: FoundItem, chosen: boolean) => void;
}) {
  const { t } = useT();
  const row = (item: FoundItem) => (
    <FoundRow
      key={itemKey(item)}
      item={item}
      languages={data.languages}
      chosen={chosen.has(itemKey(item))}
      selectable={selectable}
      onChoose={(on) => onChoose(item, on)}
    />
  );
  if (sorted) return <ul className="grid gap-3">{data.items.map(row)}</ul>;
  const drawn = (group: Group, depth: number) => (
    <>
      {group.items.length > 0 && <ul className="grid gap-3">{group.items.map(row)}</ul>}
      {group.groups.map((g) => (
        <section key={g.name} className={`mt-4 ${depth > 0 ? 'border-s border-line ps-4' : ''}`}>
          {depth === 0 ? (
            <h3 className="mb-2 text-lg font-semibold">{g.name}</h3>
          ) : (
            <h4 className="mb-2 font-semibold">{g.name}</h4>
          )}
          {drawn(g, depth + 1)}
        </section>
      ))}
    </>
  );
  const collections = [pagesCollection, ...collectionOrder, ...data.collections].filter(
    (c, i, all) => all.indexOf(c) === i,
  );
  return (
    <>
      {collections.map((c) => {
        const items = data.items.filter((it) => it.collection === c);
        if (items.length === 0) return null;
        return (
          <section key={c} aria-labelledby={`found-${c}`} className="mb-8">
            <h2 id={`found-${c}`} className="mb-3 text-xl font-semibold">
              {named(t, 'content.collectionNames.', c)}
            </h2>
            {c === pagesCollection
              ? drawn(pageTree(items), 0)
              : drawn({ name: '', items, groups: [] }, 0)}
          </section>
        );
      })}
    </>
  );
}

/** The content: every page and item a filter from the address finds, to open or act on at once. */
export function ContentListView({ session }: { session: Session }) {
  const { t } = useT();
  const filter = useSearch({ strict: false, select: findSearch });
  const query = findQuery(filter);
  const found = useContentFind(query);
  const data = found.data ?? null;
  const [chosen, setChosen] = useState<Map<string, FoundItem>>(new Map());
  const notice = found.error
    ? { tone: 'error' as const, text: found.error.message || t('common.unreachable') }
    : null;
  const collections = data?.collections ?? [pagesCollection, ...collectionOrder];
  const selectable = (data?.writable.length ?? 0) > 0;
  const choose = (item: FoundItem, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(itemKey(item), item);
    else next.delete(itemKey(item));
    setChosen(next);
  };
  const shown = data?.items ?? [];
  const allChosen = shown.length > 0 && shown.every((it) => chosen.has(itemKey(it)));

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('content.title')}</h1>
        {filter.collection && <NewItemLink collection={filter.collection} session={session} />}
      </div>
      <p className="mb-6 text-ink-muted">{t('content.lead')}</p>
      <NoticeBox notice={notice} />
      <nav aria-label={t('content.collections')} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {['', ...collections].map((name) => {
            const current = (filter.collection ?? '') === name;
            return (
              <li key={name || 'all'}>
                <Link
                  to={findAddress({ ...filter, collection: name })}
                  className={
                    current ? `${buttonClass} underline underline-offset-4` : secondaryButtonClass
                  }
                >
                  <span aria-current={current ? 'page' : undefined}>
                    {name ? named(t, 'content.collectionNames.', name) : t('find.all')}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <FindForm key={query} filter={filter} data={data} />
      {!data && !notice && <p role="status">{t('common.loading')}</p>}
      {data && (
        <>
          <TranslationCounts data={data} filter={filter} />
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p role="status" data-found={data.items.length}>
              {t('find.found', { count: data.items.length })}
            </p>
            {selectable && shown.length > 0 && (
              <ChooseAll
                all={allChosen}
                onChange={(on) =>
                  setChosen(on ? new Map(shown.map((it) => [itemKey(it), it])) : new Map())
                }
              />
            )}
          </div>
          {selectable && (
            <ContentBulkBar
              chosen={[...chosen.values()]}
              writable={data.writable}
              onDone={() => setChosen(new Map())}
            />
          )}
          {data.items.length === 0 ? (
            <p>{t('find.none')}</p>
          ) : (
            <Results
              data={data}
              sorted={Boolean(filter.sort)}
              chosen={new Set(chosen.keys())}
              selectable={selectable}
              onChoose={choose}
            />
          )}
        </>
      )}
    </div>
  );
}
