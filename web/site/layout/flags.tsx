import type { Locale } from '../pages/page-props';

type FlagProps = { locale: Locale; className?: string };

// Flags never mirror in right-to-left text: they are pictures, not directions.
export function Flag({ locale, className = 'h-3.5 w-5' }: FlagProps) {
  const frame = `${className} shrink-0 rounded-[2px] ring-1 ring-black/15`;
  switch (locale) {
    case 'en':
      return (
        <svg viewBox="0 0 60 30" aria-hidden="true" focusable="false" className={frame}>
          <rect width="60" height="30" fill="#012169" />
          <path d="M0 0l60 30M60 0 0 30" stroke="#fff" strokeWidth="6" />
          <path d="M0 0l60 30M60 0 0 30" stroke="#c8102e" strokeWidth="2" />
          <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
          <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
        </svg>
      );
    case 'nl':
      return (
        <svg viewBox="0 0 9 6" aria-hidden="true" focusable="false" className={frame}>
          <rect width="9" height="6" fill="#21468b" />
          <rect width="9" height="4" fill="#fff" />
          <rect width="9" height="2" fill="#ae1c28" />
        </svg>
      );
    case 'fr':
      return (
        <svg viewBox="0 0 3 2" aria-hidden="true" focusable="false" className={frame}>
          <rect width="3" height="2" fill="#ef4135" />
          <rect width="2" height="2" fill="#fff" />
          <rect width="1" height="2" fill="#0055a4" />
        </svg>
      );
    case 'ar':
      return (
        <svg viewBox="0 0 30 20" aria-hidden="true" focusable="false" className={frame}>
          <rect width="30" height="20" fill="#006c35" />
          <path
            d="M8 6.5c1 1.2 2.2 1.2 3 0s2-1.2 3 0 2.2 1.2 3 0 2-1.2 3 0 2 1.2 2.6 0M8.5 9.5h13"
            fill="none"
            stroke="#fff"
            strokeWidth="1.1"
            strokeLinecap="round"
          />
          <path d="M8 13.5h13.5l1.5-.9" fill="none" stroke="#fff" strokeWidth="1" />
          <path d="M9.5 12.6v1.8" stroke="#fff" strokeWidth="0.9" />
        </svg>
      );
  }
}
