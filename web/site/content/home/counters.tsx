import { useEffect, useId, useRef } from 'react';
import type { Counter, HomeContent } from '../content';
import { usePage } from '../../pages/page-context';
import type { Locale } from '../../pages/page-props';

/** The count-up defaults of the specification: 2 s, ',' between thousands, '.' before decimals, none. */
export const countUp = { duration: 2000, separator: ',', decimal: '.', decimals: 0 };

/**
 * A number as the counters show it: Dutch and French group thousands their own way; English and
 * Arabic (with Western digits) use the specification's separator.
 */
export function formatCount(value: number, locale: Locale): string {
  if (locale === 'nl' || locale === 'fr') {
    return new Intl.NumberFormat(locale, {
      maximumFractionDigits: countUp.decimals,
      numberingSystem: 'latn',
    }).format(value);
  }
  const [whole = '0', fraction] = value.toFixed(countUp.decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, countUp.separator);
  return fraction ? `${grouped}${countUp.decimal}${fraction}` : grouped;
}

/** A counter's final value: its number, or the whole years from sinceYear to the page's year. */
export function counterValue(counter: Counter, year: number): number {
  return counter.sinceYear ? Math.max(0, year - counter.sinceYear) : (counter.value ?? 0);
}

/**
 * The number a count-up shows `elapsed` ms after it started: from 0, fast then settling, to
 * `value` at the end. A frame's timestamp may be a little earlier than the moment the count
 * started, so a negative elapsed time shows 0, never a number below it.
 */
export function countFrame(value: number, elapsed: number): number {
  const progress = Math.min(1, Math.max(0, elapsed / countUp.duration));
  if (progress === 1) return value;
  const eased = 1 - Math.pow(2, -10 * progress);
  return Math.floor(value * eased);
}

/**
 * Counts from 0 up to the value the server wrote, once, when the visitor scrolls the number into
 * view. A number already on the screen when its code starts has been read as it is: it stays,
 * rather than dropping to 0 under the visitor's eyes (and the page's first seconds are spared
 * two seconds of frames).
 */
function CountUp({ value, suffix }: { value: number; suffix: string }) {
  const { locale } = usePage();
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    let first = true;
    const observer = new IntersectionObserver(([entry]) => {
      const seen = first;
      first = false;
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      if (seen) return;
      const start = performance.now();
      const tick = (now: number) => {
        const shown = countFrame(value, now - start);
        el.textContent = formatCount(shown, locale) + suffix;
        if (now - start < countUp.duration) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, suffix, locale]);
  return (
    <span ref={ref} className="counter-value tabular-nums">
      {formatCount(value, locale) + suffix}
    </span>
  );
}

/** The firm in numbers; the page carries the final values, so they read right without scripts. */
export function Counters({ section }: { section: HomeContent['counters'] }) {
  const { year } = usePage();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-b border-line bg-raised">
      <div className="page-shell py-10 lg:py-12">
        <h2 id={headingId} className="sr-only">
          {section.heading}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {section.items.map((counter) => (
            <div key={counter.label} className="flex flex-col-reverse justify-end text-center">
              <dt className="mt-1 text-sm text-ink-muted sm:text-base">{counter.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-accent sm:text-4xl" dir="ltr">
                <CountUp value={counterValue(counter, year)} suffix={counter.suffix ?? ''} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
