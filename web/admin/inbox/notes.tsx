import type { InboxNote } from '../api';
import { useLabels } from '../shell/lang';

/** Notes or replies on a submission, oldest first, each with who wrote it and when. */
export function NoteList({
  label,
  notes,
  by,
}: {
  label: string;
  notes: InboxNote[];
  by: (note: InboxNote) => string;
}) {
  const { when } = useLabels();
  return (
    <ol className="mb-4 grid gap-3" aria-label={label}>
      {notes.map((n) => (
        <li key={n.id} className="rounded-lg border border-line bg-surface p-3">
          <p className="text-sm text-ink-muted">
            <span className="font-semibold text-ink">{by(n)}</span>
            {' · '}
            <time dateTime={n.at}>{when(n.at)}</time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line">
            <bdi>{n.body}</bdi>
          </p>
        </li>
      ))}
    </ol>
  );
}
