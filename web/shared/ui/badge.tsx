import type { ReactNode } from 'react';

const tones = {
  accent: 'bg-accent-soft text-accent',
  neutral: 'bg-surface text-ink-muted ring-1 ring-line ring-inset',
  strong: 'bg-brand text-on-brand',
} as const;

type BadgeProps = { tone?: keyof typeof tones; children: ReactNode };

/** A short label: a status, a type or a category. */
export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
