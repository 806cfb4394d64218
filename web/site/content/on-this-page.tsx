import { useEffect, useState } from 'react';
import { useContentLang } from '../pages/page-context';

/** A link to a section; `fromContent` when its label is a heading written in the content. */
export type ContentsEntry = { id: string; label: string; fromContent?: boolean };

type OnThisPageProps = { label: string; entries: ContentsEntry[] };

/** How far below the top of the window a section's start counts as reached, as a fraction. */
const readingLine = 0.25;

/**
 * The id of the section the reader is in: the last one whose start has passed the reading line,
 * or the last of all once the page is scrolled to its end. Null before the page runs in a
 * browser (the server's page marks none).
 */
function useSectionInView(ids: string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(' ');
  useEffect(() => {
    const sections = key.split(' ').flatMap((id) => document.getElementById(id) ?? []);
    if (sections.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight * readingLine;
      const atEnd =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let reached = sections[0]!;
      for (const section of sections) {
        if (section.getBoundingClientRect().top <= line) reached = section;
      }
      setCurrent(atEnd ? sections[sections.length - 1]!.id : reached.id);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [key]);
  return current;
}

/**
 * Links to the sections of a long page, beside the text on wide screens (ReadingLayout keeps it in
 * view); the link of the section being read is marked (aria-current) as the reader scrolls.
 */
export function OnThisPage({ label, entries }: OnThisPageProps) {
  const contentLang = useContentLang();
  const current = useSectionInView(entries.map((entry) => entry.id));
  return (
    <nav aria-label={label}>
      <p className="text-sm font-semibold text-ink">{label}</p>
      <ol className="mt-3 border-s border-line">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              aria-current={entry.id === current ? 'location' : undefined}
              className="-ms-px block border-s-2 border-transparent py-1.5 ps-4 text-sm leading-snug text-ink-muted transition-colors hover:border-accent hover:text-accent aria-[current=location]:border-accent aria-[current=location]:font-semibold aria-[current=location]:text-ink"
            >
              {entry.fromContent ? <span {...contentLang}>{entry.label}</span> : entry.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
