import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminApi, type InboxItem, type InboxPage } from '../api';
import type { useStepUp } from '../account/step-up';
import { Card, NoticeBox, buttonClass, inputClass, secondaryButtonClass, type Notice } from '../ui';
import { BulkResults, type NamedResult } from '../shell/bulk-results';
import { useLabels } from '../shell/lang';
import { ExportButton } from './export-button';
import { inboxKeys } from './queries';

/**
 * What is done to the chosen submissions at once: a new status, or an assignee. The server does
 * each as if done alone (the same checks, its own audit record) and says what came of each. The
 * chosen ones can be exported too, after the second factor again as the full export asks (`run`).
 */
export function InboxBulkBar({
  chosen,
  data,
  onDone,
  run,
}: {
  chosen: InboxItem[];
  data: InboxPage;
  onDone: () => void;
  run: ReturnType<typeof useStepUp>['run'];
}) {
  const { t, label } = useLabels();
  const id = useId();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'status' | 'assign'>('status');
  const [status, setStatus] = useState(data.statuses[0] ?? '');
  const [assignee, setAssignee] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [results, setResults] = useState<NamedResult[]>([]);
  if (chosen.length === 0 && results.length === 0 && !notice) return null;

  const apply = async () => {
    setBusy(true);
    const result = await adminApi.inboxBulk({
      action,
      ids: chosen.map((it) => it.id),
      status: action === 'status' ? status : '',
      assignee: action === 'assign' ? assignee : '',
    });
    setBusy(false);
    if (!result.ok || !result.data) {
      const first = Object.values(result.errors ?? {})[0];
      setNotice({ tone: 'error', text: first || result.message || t('common.unreachable') });
      return;
    }
    const names = new Map(chosen.map((it) => [String(it.id), it.name || it.email]));
    setNotice({ tone: result.data.done > 0 ? 'success' : 'error', text: result.message });
    setResults(result.data.results.map((r) => ({ ...r, name: names.get(r.id) ?? r.id })));
    void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    onDone();
  };

  return (
    <Card className="mb-6">
      <h2 className="mb-3 text-lg font-semibold" id={`${id}-title`}>
        {t('bulk.title', { count: chosen.length })}
      </h2>
      <NoticeBox notice={notice} />
      <BulkResults results={results} />
      <form
        aria-labelledby={`${id}-title`}
        noValidate
        className="flex flex-wrap items-end gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <div>
          <label htmlFor={`${id}-action`} className="block font-semibold">
            {t('bulk.action')}
          </label>
          <select
            id={`${id}-action`}
            className={inputClass}
            value={action}
            onChange={(e) => setAction(e.target.value as 'status' | 'assign')}
          >
            <option value="status">{t('bulk.inboxActions.status')}</option>
            <option value="assign">{t('bulk.inboxActions.assign')}</option>
          </select>
        </div>
        {action === 'status' ? (
          <div>
            <label htmlFor={`${id}-status`} className="block font-semibold">
              {t('inbox.status')}
            </label>
            <select
              id={`${id}-status`}
              className={inputClass}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              {data.statuses.map((s) => (
                <option key={s} value={s}>
                  {label('inbox.statuses', s)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div>
            <label htmlFor={`${id}-assignee`} className="block font-semibold">
              {t('inbox.assignee')}
            </label>
            <select
              id={`${id}-assignee`}
              className={inputClass}
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
            >
              <option value="">{t('inbox.nobody')}</option>
              {data.staff.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button
          type="submit"
          className={`${buttonClass} mb-4`}
          disabled={busy || chosen.length === 0}
        >
          {t('bulk.apply')}
        </button>
        {chosen.length > 0 && (
          <ExportButton
            query={`ids=${chosen.map((it) => it.id).join(',')}`}
            run={run}
            onNotice={setNotice}
            text={t('bulk.exportChosen')}
            className={`${secondaryButtonClass} mb-4`}
          />
        )}
      </form>
    </Card>
  );
}
