import type { ReactNode } from 'react';
import { useContentLang } from '../pages/page-context';

/** The second-level heading of a content section. */
export const sectionHeadingClass =
  'text-2xl font-bold tracking-tight text-balance text-ink sm:text-[1.75rem] sm:leading-tight';

/** Running text: a readable measure and generous leading. */
export const bodyTextClass =
  'measure text-base leading-7 text-ink sm:text-[1.0625rem] sm:leading-[1.8]';

type SectionProps = {
  id: string;
  heading: ReactNode;
  /** The heading comes from the content rather than the interface's strings. */
  headingFromContent?: boolean;
  children: ReactNode;
  className?: string;
};

/**
 * A titled part of a page, reachable as #id from an in-page contents list. A section whose heading
 * comes from the content is all content, and is marked with the content's language as a whole.
 */
export function ContentSection({
  id,
  heading,
  headingFromContent,
  children,
  className = '',
}: SectionProps) {
  const contentLang = useContentLang();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`scroll-mt-8 ${className}`}
      id={id}
      {...(headingFromContent ? contentLang : {})}
    >
      <h2 id={`${id}-heading`} className={sectionHeadingClass}>
        {heading}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Paragraphs of content text. */
export function Paragraphs({ items, className = '' }: { items: string[]; className?: string }) {
  const contentLang = useContentLang();
  return (
    <div className={`space-y-5 ${className}`}>
      {items.map((text, index) => (
        <p key={index} className={bodyTextClass} {...contentLang}>
          {text}
        </p>
      ))}
    </div>
  );
}

/** A bulleted list of content text, marked with a small square in the accent colour. */
export function BulletList({ items, className = '' }: { items: string[]; className?: string }) {
  const contentLang = useContentLang();
  return (
    <ul className={`measure space-y-3 text-base sm:text-[1.0625rem] ${className}`} {...contentLang}>
      {items.map((text, index) => (
        <li key={index} className="flex gap-3 leading-7 text-ink sm:leading-[1.75]">
          <span
            aria-hidden="true"
            className="mt-[0.7rem] size-1.5 shrink-0 rotate-45 rounded-[1px] bg-accent"
          />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
