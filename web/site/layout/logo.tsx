type LogoMarkProps = { className?: string };

/** The Noorvale shield: an "N" on a shield with a beam of light ("noor") across its top. */
export function LogoMark({ className = 'size-9' }: LogoMarkProps) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
      <path
        d="M20 2.5 34.5 8v11.2c0 9-6 15.8-14.5 18.3C11.5 35 5.5 28.2 5.5 19.2V8Z"
        className="fill-logo-shield"
      />
      <path
        d="M13.5 27.5V13.5l13 14V13.5"
        fill="none"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-logo-letter"
      />
      <path
        d="M8.5 9.8 20 5.6l11.5 4.2"
        fill="none"
        strokeWidth="1.6"
        className="stroke-logo-beam"
      />
    </svg>
  );
}

type LogoProps = {
  name: string;
  tone?: 'default' | 'inverse';
  /** Classes for the wordmark, e.g. to hide it where the header is short of room. */
  wordmarkClassName?: string;
};

/** Mark and wordmark. The wordmark is text so it stays crisp and readable in any language. */
export function Logo({ name, tone = 'default', wordmarkClassName = 'flex' }: LogoProps) {
  const [first, ...rest] = name.split(' ');
  const inverse = tone === 'inverse';
  return (
    <span className="inline-flex max-w-full items-center gap-2.5" dir="ltr">
      <LogoMark className={inverse ? 'logo-inverse size-9 shrink-0' : 'size-9 shrink-0'} />
      <span className={`flex-col leading-none ${wordmarkClassName}`}>
        <span
          className={`truncate text-lg font-bold tracking-tight ${inverse ? 'text-white' : 'text-ink'}`}
        >
          {first}
        </span>
        {/* Not laid out between flex items, but keeps the words apart in the link's name. */}
        {rest.length > 0 && ' '}
        {rest.length > 0 && (
          <span
            className={`mt-0.5 truncate text-[0.6875rem] font-semibold tracking-[0.2em] uppercase ${inverse ? 'text-footer-muted' : 'text-accent'}`}
          >
            {rest.join(' ')}
          </span>
        )}
      </span>
    </span>
  );
}
