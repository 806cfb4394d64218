import type { InboxItem } from '../api';
import { useLabels, useT } from '../shell/lang';
import { Link } from '../shell/navigation';

/** A submission's status as a small badge. */
export function StatusBadge({ status }: { status: string }) {
  const { label } = useLabels();
  const tone =
    status === 'new'
      ? 'border-accent bg-accent-soft text-ink'
      : 'border-line-strong bg-surface text-ink';
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 text-sm ${tone}`}
      data-status={status}
    >
      {label('inbox.statuses', status)}
    </span>
  );
}

/** What a submission is: its form, and the office, position, webinar or publication it is for. */
export function kindText(label: (p: string, v: string) => string, item: InboxItem): string {
  const kind = label('inbox.kinds', item.kind);
  if (!item.target) return kind;
  const target = targetText(label, item);
  return `${kind} · ${target}`;
}

/** What a submission is for, as a person reads it: an office's name, an item's title. */
export function targetText(label: (p: string, v: string) => string, item: InboxItem): string {
  if (item.kind === 'contact') return label('offices', item.target);
  return item.targetName || item.target;
}

/** Who sent a submission, or, once it was erased, that no one can be named. */
export function Sender({ item }: { item: InboxItem }) {
  const { t } = useT();
  return item.erasedAt ? t('privacy.erasedTitle') : <bdi>{item.name || item.email}</bdi>;
}

/** When a submission's personal fields were erased, if they were. */
export function ErasedOn({ item, className = '' }: { item: InboxItem; className?: string }) {
  const { t, when } = useLabels();
  if (!item.erasedAt) return null;
  return (
    <p className={className} data-erased={item.erasedAt}>
      {t('privacy.erasedOn', { date: when(item.erasedAt) })}
    </p>
  );
}

/**
 * A submission in the list: who sent it, when, what for, its status and assignee, and a box to
 * choose it for a bulk action when the list offers one.
 */
export function Row({
  item,
  staffName,
  chosen,
  onChoose,
}: {
  item: InboxItem;
  staffName: (id: string) => string;
  chosen?: boolean;
  onChoose?: (chosen: boolean) => void;
}) {
  const { t, label, when } = useLabels();
  return (
    <li
      className="flex gap-3 rounded-card border border-line bg-raised p-4"
      data-submission={item.id}
      data-kind={item.kind}
    >
      {onChoose && (
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={Boolean(chosen)}
          aria-label={t('bulk.choose', {
            title: item.erasedAt ? t('privacy.erasedTitle') : item.name || item.email,
          })}
          onChange={(e) => onChoose(e.target.checked)}
        />
      )}
      <div className="min-w-0 grow">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="min-w-0 text-lg font-semibold break-words">
            <Link
              to={`/admin/inbox/${item.id}`}
              className="underline underline-offset-4 hover:no-underline"
            >
              <Sender item={item} />
            </Link>
          </h2>
          <time dateTime={item.createdAt} className="text-sm text-ink-muted">
            {when(item.createdAt)}
          </time>
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={item.status} />
          <span>{kindText(label, item)}</span>
          {item.assignee && (
            <span className="text-ink-muted">
              {t('inbox.assignedTo', { name: staffName(item.assignee) })}
            </span>
          )}
        </p>
        <ErasedOn item={item} className="mt-1 text-sm text-ink-muted" />
        <p className="mt-1 text-sm break-words text-ink-muted">
          <bdi dir="ltr">{item.email}</bdi>
          {item.company && (
            <>
              {' · '}
              <bdi>{item.company}</bdi>
            </>
          )}
        </p>
        {item.summary && (
          <p className="mt-2 break-words">
            <bdi>{item.summary}</bdi>
          </p>
        )}
      </div>
    </li>
  );
}
