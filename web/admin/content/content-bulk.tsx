import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminApi, type FoundItem } from '../api';
import { Card, NoticeBox, buttonClass, inputClass, type Notice } from '../ui';
import { useLabels } from '../shell/lang';
import { BulkResults, type NamedResult } from '../shell/bulk-results';
import { named } from './content-labels';
import { contentKeys } from './queries';
import { zonedMoment } from './time-zone';

/** How the list and the server name one item: "news/a-slug". */
export const itemKey = (item: FoundItem) => `${item.collection}/${item.slug}`;

type Action = 'publish' | 'unpublish' | 'schedule';

/**
 * What is done to the chosen items at once, in one language the reader may change: publish their
 * latest saved text, take them off, or schedule the publication. The server does each as if done
 * alone and says what came of each.
 */
export function ContentBulkBar({
  chosen,
  writable,
  onDone,
}: {
  chosen: FoundItem[];
  writable: string[];
  onDone: () => void;
}) {
  const { t, label } = useLabels();
  const id = useId();
  const queryClient = useQueryClient();
  const [lang, setLang] = useState(writable[0] ?? 'en');
  const [action, setAction] = useState<Action>('publish');
  const [local, setLocal] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [results, setResults] = useState<NamedResult[]>([]);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (chosen.length === 0 && results.length === 0 && !notice) return null;

  const apply = async () => {
    const at = action === 'schedule' ? zonedMoment(local, zone) : null;
    setBusy(true);
    const result = await adminApi.contentBulk({
      action,
      items: chosen.map((it) => ({ collection: it.collection, slug: it.slug, locale: lang })),
      at: at ? at.toISOString() : '0001-01-01T00:00:00Z',
      timeZone: action === 'schedule' ? zone : '',
    });
    setBusy(false);
    if (!result.ok || !result.data) {
      const first = Object.values(result.errors ?? {})[0];
      setNotice({ tone: 'error', text: first || result.message || t('common.unreachable') });
      return;
    }
    setNotice({ tone: result.data.done > 0 ? 'success' : 'error', text: result.message });
    // The server names each language as the audit trail does: "news/a-slug (ar)".
    const titles = new Map(chosen.map((it) => [`${itemKey(it)} (${lang})`, it.title || it.slug]));
    setResults(result.data.results.map((r) => ({ ...r, name: titles.get(r.id) ?? r.id })));
    void queryClient.invalidateQueries({ queryKey: contentKeys.lists });
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
          <label htmlFor={`${id}-lang`} className="block font-semibold">
            {t('find.language')}
          </label>
          <select
            id={`${id}-lang`}
            className={inputClass}
            value={lang}
            onChange={(e) => setLang(e.target.value)}
          >
            {writable.map((l) => (
              <option key={l} value={l}>
                {named(t, 'languageNames.', l)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-action`} className="block font-semibold">
            {t('bulk.action')}
          </label>
          <select
            id={`${id}-action`}
            className={inputClass}
            value={action}
            onChange={(e) => setAction(e.target.value as Action)}
          >
            {(['publish', 'unpublish', 'schedule'] as const).map((a) => (
              <option key={a} value={a}>
                {label('bulk.contentActions', a)}
              </option>
            ))}
          </select>
        </div>
        {action === 'schedule' && (
          <div>
            <label htmlFor={`${id}-at`} className="block font-semibold">
              {t('content.schedule.at')}
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              className={inputClass}
              value={local}
              onChange={(e) => setLocal(e.target.value)}
            />
          </div>
        )}
        <button
          type="submit"
          className={`${buttonClass} mb-4`}
          disabled={busy || chosen.length === 0}
        >
          {t('bulk.apply')}
        </button>
      </form>
    </Card>
  );
}
