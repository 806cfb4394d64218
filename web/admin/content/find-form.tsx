import { useState, type FormEvent } from 'react';
import type { ContentFind } from '../api';
import { Card, Field, buttonClass, inputClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';
import { findAddress, findStates, type FindSearch } from './find-search';

/**
 * The content list's search and filters. The list moves to the address of what is applied, so the
 * filter survives a reload and can be shared; the form starts from the address (the list keys it
 * by its query).
 */
export function FindForm({ filter, data }: { filter: FindSearch; data: ContentFind | null }) {
  const { t, label } = useLabels();
  const [typed, setTyped] = useState<FindSearch>(filter);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(findAddress({ ...typed, collection: filter.collection }));
  };
  const select = (
    name: 'lang' | 'state' | 'author' | 'sort',
    text: string,
    any: string,
    options: { value: string; text: string }[],
  ) => (
    <Field label={text}>
      {(props) => (
        <select
          {...props}
          name={name}
          className={inputClass}
          value={typed[name] ?? ''}
          onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
        >
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <Card className="mb-6">
      <form onSubmit={apply} noValidate role="search" aria-label={t('find.title')}>
        <Field label={t('find.search')} hint={t('find.searchHint')}>
          {(props) => (
            <input
              {...props}
              type="search"
              name="q"
              className={inputClass}
              value={typed.q ?? ''}
              onChange={(event) => setTyped({ ...typed, q: event.target.value })}
            />
          )}
        </Field>
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          {select(
            'lang',
            t('find.language'),
            t('inbox.anyLanguage'),
            (data?.languages ?? ['en', 'nl', 'fr', 'ar']).map((l) => ({
              value: l,
              text: label('languageNames', l),
            })),
          )}
          {select(
            'state',
            t('find.state'),
            t('find.anyState'),
            findStates.map((s) => ({ value: s, text: label('find.states', s) })),
          )}
          {select(
            'author',
            t('find.author'),
            t('find.anyAuthor'),
            (data?.authors ?? []).map((p) => ({ value: p.id, text: p.name })),
          )}
          {select('sort', t('find.sort'), t('find.sortTree'), [
            { value: 'changed', text: t('find.sortChanged') },
            { value: 'oldest', text: t('find.sortOldest') },
          ])}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass}>
            {t('audit.filter')}
          </button>
          <Link
            to={findAddress({ collection: filter.collection })}
            className={secondaryButtonClass}
          >
            {t('inbox.clearFilters')}
          </Link>
        </div>
      </form>
    </Card>
  );
}
