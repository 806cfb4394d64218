import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminApi, type FoundItem } from '../api';
import { inputClass } from '../ui';
import { useLabels } from '../shell/lang';
import { SelectionBar } from '../shell/selection-bar';
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
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  // The server names each language as the audit trail does: "news/a-slug (ar)".
  const titles = new Map(chosen.map((it) => [`${itemKey(it)} (${lang})`, it.title || it.slug]));

  const apply = async () => {
    const at = action === 'schedule' ? zonedMoment(local, zone) : null;
    const result = await adminApi.contentBulk({
      action,
      items: chosen.map((it) => ({ collection: it.collection, slug: it.slug, locale: lang })),
      at: at ? at.toISOString() : '0001-01-01T00:00:00Z',
      timeZone: action === 'schedule' ? zone : '',
    });
    if (result.ok) void queryClient.invalidateQueries({ queryKey: contentKeys.lists });
    return result;
  };

  return (
    <SelectionBar
      count={chosen.length}
      apply={apply}
      nameOf={(key) => titles.get(key) ?? key}
      onDone={onDone}
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
    </SelectionBar>
  );
}
