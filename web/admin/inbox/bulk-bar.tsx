import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminApi, type InboxItem, type InboxPage } from '../api';
import type { useStepUp } from '../account/step-up';
import { inputClass, secondaryButtonClass } from '../ui';
import { SelectionBar } from '../shell/selection-bar';
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
  const names = new Map(chosen.map((it) => [String(it.id), it.name || it.email]));

  const apply = async () => {
    const result = await adminApi.inboxBulk({
      action,
      ids: chosen.map((it) => it.id),
      status: action === 'status' ? status : '',
      assignee: action === 'assign' ? assignee : '',
    });
    if (result.ok) void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    return result;
  };

  return (
    <SelectionBar
      count={chosen.length}
      apply={apply}
      nameOf={(itemId) => names.get(itemId) ?? itemId}
      onDone={onDone}
      after={(report) => (
        <ExportButton
          query={`ids=${chosen.map((it) => it.id).join(',')}`}
          run={run}
          onNotice={report}
          text={t('bulk.exportChosen')}
          className={`${secondaryButtonClass} mb-4`}
        />
      )}
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
    </SelectionBar>
  );
}
