import { useId, useState, type ReactNode } from 'react';
import type { ApiResult } from '../../shared/form-kit/api-client';
import type { BulkResult } from '../api';
import { Card, NoticeBox, buttonClass, type Notice } from '../ui';
import { BulkResults, type NamedResult } from './bulk-results';
import { useT } from './lang';

/** What every bulk route answers: what came of each item, and how many were done. */
export type BulkAnswer = ApiResult<{ results: BulkResult[]; done: number }>;

/**
 * The bar every list's bulk actions share: how many items are chosen, the action's own fields,
 * the button that applies it, and what came of each item once the server has answered (the
 * refused ones first). It shows while something is chosen or there is something to report.
 *
 * `apply` sends the request; `nameOf` names an item the server answered for as the list shows
 * it; `onDone` is told once an answer has come (the list clears its selection). `after` draws
 * actions of their own after the button (an export), which may report through the bar's notice.
 */
export function SelectionBar({
  count,
  apply,
  nameOf,
  onDone,
  applyText,
  children,
  after,
}: {
  count: number;
  apply: () => Promise<BulkAnswer | null>;
  nameOf: (id: string) => string;
  onDone: () => void;
  applyText?: string;
  children?: ReactNode;
  after?: (report: (notice: Notice) => void) => ReactNode;
}) {
  const { t } = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [results, setResults] = useState<NamedResult[]>([]);
  if (count === 0 && results.length === 0 && !notice) return null;

  const run = async () => {
    setBusy(true);
    const result = await apply();
    setBusy(false);
    // No request was made (the action's own fields were not ready, and said so).
    if (!result) return;
    if (!result.ok || !result.data) {
      const first = Object.values(result.errors ?? {})[0];
      setNotice({ tone: 'error', text: first || result.message || t('common.unreachable') });
      return;
    }
    setNotice({ tone: result.data.done > 0 ? 'success' : 'error', text: result.message });
    setResults(result.data.results.map((r) => ({ ...r, name: nameOf(r.id) })));
    onDone();
  };

  return (
    <Card className="mb-6">
      <div data-selection-bar>
        <h2 className="mb-3 text-lg font-semibold" id={`${id}-title`}>
          {t('bulk.title', { count })}
        </h2>
        <NoticeBox notice={notice} />
        <BulkResults results={results} />
        <form
          aria-labelledby={`${id}-title`}
          noValidate
          className="flex flex-wrap items-end gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          {children}
          <button type="submit" className={`${buttonClass} mb-4`} disabled={busy || count === 0}>
            {applyText ?? t('bulk.apply')}
          </button>
          {count > 0 && after?.(setNotice)}
        </form>
      </div>
    </Card>
  );
}

/**
 * A box to choose all the items a list shows, or none of them: checked when every one is chosen.
 */
export function ChooseAll({
  all,
  onChange,
  className = '',
}: {
  all: boolean;
  onChange: (chosen: boolean) => void;
  className?: string;
}) {
  const { t } = useT();
  return (
    <label className={`flex min-h-11 items-center gap-2 ${className}`}>
      <input
        type="checkbox"
        className="size-5"
        checked={all}
        onChange={(e) => onChange(e.target.checked)}
      />
      {t('bulk.chooseAll')}
    </label>
  );
}
