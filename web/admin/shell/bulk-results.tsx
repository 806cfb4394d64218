import type { BulkResult } from '../api';
import { useT } from './lang';

/** One item's result of a bulk action, with the name the list shows it by. */
export type NamedResult = BulkResult & { name: string };

/**
 * What came of each item of a bulk action, the refused ones first: every list's bulk actions
 * report here.
 */
export function BulkResults({ results }: { results: NamedResult[] }) {
  const { t } = useT();
  if (results.length === 0) return null;
  const ordered = [...results.filter((r) => !r.ok), ...results.filter((r) => r.ok)];
  return (
    <ul className="mb-4 grid gap-1" aria-label={t('bulk.results')} data-bulk-results>
      {ordered.map((r) => (
        <li key={r.id} className="flex flex-wrap gap-x-2" data-ok={r.ok}>
          <span className={`font-semibold ${r.ok ? '' : 'text-danger'}`}>
            {r.ok ? t('bulk.done') : t('bulk.refused')}
          </span>
          <bdi className="break-words">{r.name}</bdi>
          <span className="text-ink-muted">{r.message}</span>
        </li>
      ))}
    </ul>
  );
}
