import { useState, type FormEvent } from 'react';
import type { InboxPage } from '../api';
import type { useStepUp } from '../account/step-up';
import {
  Card,
  DateRange,
  Field,
  buttonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useLabels } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';
import { ExportButton } from './export-button';
import { filtersOf, listAddress, queryOf, type Filters } from './filters';

/**
 * The inbox's filters: a search, and the others in a disclosure, open while any is on. The list
 * moves to the address of what is applied; the export takes the filters shown.
 */
export function FilterForm({
  search,
  data,
  errors,
  run,
  onNotice,
}: {
  /** The address's query, whose filters the list shows. */
  search: string;
  data: InboxPage | null;
  errors: Record<string, string>;
  run: ReturnType<typeof useStepUp>['run'];
  onNotice: (notice: Notice) => void;
}) {
  const { t, label } = useLabels();
  const shown = filtersOf(search).filters;
  // The form's filters, as typed; they follow the address when the history moves.
  const [typed, setTyped] = useState({ search, filters: shown });
  let filters = typed.filters;
  if (typed.search !== search) {
    filters = shown;
    setTyped({ search, filters });
  }
  const setFilters = (next: Filters) => setTyped({ search, filters: next });
  // Filters besides the search, which the disclosure holds.
  const narrowed = Object.entries(shown).filter(([key, value]) => key !== 'q' && value).length;
  const [more, setMore] = useState(narrowed > 0);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(listAddress(queryOf(filters)));
  };

  const select = (
    name: keyof Filters,
    text: string,
    any: string,
    options: { value: string; text: string }[],
  ) => (
    <Field label={text} error={errors[name]}>
      {(props) => (
        <select
          {...props}
          name={name}
          className={inputClass}
          value={filters[name]}
          onChange={(event) => setFilters({ ...filters, [name]: event.target.value })}
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
      <h2 className="sr-only">{t('audit.filters')}</h2>
      <form onSubmit={apply} noValidate role="search" aria-label={t('audit.filters')}>
        <Field label={t('inbox.search')} hint={t('inbox.searchHint')} error={errors.q}>
          {(props) => (
            <input
              {...props}
              type="search"
              name="q"
              className={inputClass}
              value={filters.q}
              onChange={(event) => setFilters({ ...filters, q: event.target.value })}
            />
          )}
        </Field>
        <details
          className="mb-4"
          open={more}
          onToggle={(event) => setMore(event.currentTarget.open)}
        >
          <summary className="min-h-11 cursor-pointer py-2 font-semibold underline-offset-4 hover:underline">
            {narrowed > 0 ? t('inbox.moreFiltersOn', { count: narrowed }) : t('inbox.moreFilters')}
          </summary>
          <div className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
            {select(
              'kind',
              t('inbox.kind'),
              t('inbox.anyKind'),
              (data?.kinds ?? []).map((k) => ({ value: k, text: label('inbox.kinds', k) })),
            )}
            {(data?.kinds ?? []).includes('contact') &&
              select(
                'office',
                t('staff.office'),
                t('staff.anyOffice'),
                (data?.offices ?? []).map((o) => ({ value: o, text: label('offices', o) })),
              )}
            {select(
              'status',
              t('inbox.status'),
              t('inbox.anyStatus'),
              (data?.statuses ?? []).map((s) => ({ value: s, text: label('inbox.statuses', s) })),
            )}
            {select('assignee', t('inbox.assignee'), t('inbox.anyAssignee'), [
              { value: 'none', text: t('inbox.nobody') },
              ...(data?.staff ?? []).map((p) => ({ value: p.id, text: p.name })),
            ])}
            {select(
              'language',
              t('inbox.submissionLanguage'),
              t('inbox.anyLanguage'),
              (data?.languages ?? []).map((l) => ({ value: l, text: label('languageNames', l) })),
            )}
            <DateRange
              from={filters.from}
              to={filters.to}
              errors={errors}
              onChange={(range) => setFilters({ ...filters, ...range })}
            />
            <Field label={t('inbox.source.filter')} error={errors.source}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  name="source"
                  dir="ltr"
                  className={inputClass}
                  value={filters.source}
                  onChange={(event) => setFilters({ ...filters, source: event.target.value })}
                />
              )}
            </Field>
          </div>
        </details>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass}>
            {t('audit.filter')}
          </button>
          <Link to="/admin/inbox" className={secondaryButtonClass}>
            {t('inbox.clearFilters')}
          </Link>
          <ExportButton query={queryOf(shown)} run={run} onNotice={onNotice} />
        </div>
      </form>
    </Card>
  );
}
