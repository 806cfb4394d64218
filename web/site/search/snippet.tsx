import type { Segment } from './search-data';

/**
 * A result's snippet, the matched words marked. Every piece is text React escapes: nothing a page
 * or a query holds becomes markup.
 */
export function Snippet({ segments, className }: { segments: Segment[]; className?: string }) {
  return (
    <p className={className}>
      {segments.map((segment, index) =>
        segment.mark ? (
          <mark key={index} className="rounded-sm bg-accent-soft font-semibold text-ink">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
