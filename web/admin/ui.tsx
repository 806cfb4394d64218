import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  officeButtonClass,
  officeDangerButtonClass,
  officeInputClass,
  officeSecondaryButtonClass,
} from '../shared/ui/control-styles';
import { Field } from '../shared/ui/form-controls';
import {
  formattingLocale,
  isKey,
  sourceLanguage,
  translate,
  type Key,
  type Lang,
  type Params,
} from './i18n';

/** The back-office's language, with its translator. */
export const LangContext = createContext<Lang>(sourceLanguage);

export function useT() {
  const lang = useContext(LangContext);
  return {
    lang,
    t: (key: Key, params?: Params) => translate(lang, key, params),
  };
}

/**
 * The back-office's words for stored values (`label('inbox.statuses', 'new')` reads the key
 * `inbox.statuses.new`, or shows the value when there is none) and its dates and times, in the
 * reader's language.
 */
export function useLabels() {
  const { t, lang } = useT();
  const label = (group: string, value: string) => {
    const key = `${group}.${value}`;
    return isKey(key) ? t(key) : value;
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(formattingLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  // A calendar day (YYYY-MM-DD) is that day wherever the reader is; a moment is the reader's day.
  const day = (iso: string) => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
    return new Date(dateOnly ? `${iso}T00:00:00Z` : iso).toLocaleDateString(
      formattingLocale(lang),
      { dateStyle: 'long', ...(dateOnly ? { timeZone: 'UTC' } : {}) },
    );
  };
  return { t, lang, label, when, day };
}

/** The address's query, kept current as the history moves (navigate moves it too). */
export function useSearch(): string {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const update = () => setSearch(window.location.search);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return search;
}

/**
 * Asked before the app moves to another address, with the move to make: answering false holds
 * it back (an editor with unsaved changes asks first, and makes the move itself if told to).
 */
let beforeNavigate: ((go: () => void) => boolean) | null = null;

/** Sets what the app asks before it moves; the function returned removes it. */
export function setBeforeNavigate(check: (go: () => void) => boolean): () => void {
  beforeNavigate = check;
  return () => {
    if (beforeNavigate === check) beforeNavigate = null;
  };
}

const address = () => window.location.pathname + window.location.search + window.location.hash;

/** The address the app shows, put back when a move by the browser's buttons is held back. */
let shown = typeof window === 'undefined' ? '' : address();

/** Set while the app itself tells its screens that the address moved. */
let moving = false;

/** Moves to a back-office address without asking the screen first (see navigate). */
export function moveTo(path: string) {
  window.history.pushState(null, '', path);
  shown = address();
  moving = true;
  try {
    window.dispatchEvent(new PopStateEvent('popstate'));
  } finally {
    moving = false;
  }
}

/**
 * The browser's back and forward buttons, heard before any screen's listener (this one is
 * added as the module loads): a move held back puts the address back and reaches no screen,
 * so nothing unmounts; the app's own popstate events (from moveTo) pass.
 */
function onBrowserMove(event: PopStateEvent) {
  if (moving) return;
  const there = address();
  // A move within the page (the skip link's #main) leaves the screen as it is.
  const samePage = there.split('#')[0] === shown.split('#')[0];
  if (samePage || !beforeNavigate || beforeNavigate(() => moveTo(there))) {
    shown = there;
    return;
  }
  event.stopImmediatePropagation();
  window.history.pushState(null, '', shown);
}
if (typeof window !== 'undefined') window.addEventListener('popstate', onBrowserMove, true);

/**
 * Runs `leave`, something that takes the staff member away from the screen (a move, signing
 * out), once the screen agrees: at once, or after its question is answered.
 */
export function whenLeaving(leave: () => void): void {
  if (beforeNavigate && !beforeNavigate(leave)) return;
  leave();
}

/** Moves the browser to a back-office address without a reload. */
export function navigate(path: string): void {
  whenLeaving(() => moveTo(path));
}

export function Link({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

// The back-office's controls, from the kit the site's forms use too.
export const buttonClass = officeButtonClass;
export const secondaryButtonClass = officeSecondaryButtonClass;
export const dangerButtonClass = officeDangerButtonClass;
export const inputClass = officeInputClass;
export { Field };

export type Notice = { tone: 'error' | 'success'; text: string } | null;

export function NoticeBox({ notice }: { notice: Notice }) {
  if (!notice) return null;
  const tone =
    notice.tone === 'error'
      ? 'border-danger bg-danger-soft text-ink'
      : 'border-accent bg-accent-soft text-ink';
  return (
    <p
      role={notice.tone === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-lg border px-4 py-3 ${tone}`}
    >
      {notice.text}
    </p>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-card border border-line bg-raised p-5 sm:p-6 ${className}`}>
      {children}
    </section>
  );
}

/** A filter's first and last day (both included), as the list addresses name them: from and to. */
export function DateRange({
  from,
  to,
  errors,
  onChange,
}: {
  from: string;
  to: string;
  errors: Record<string, string>;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useT();
  const day = (name: 'from' | 'to', value: string) => (
    <Field label={t(`common.${name}`)} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          type="date"
          name={name}
          className={inputClass}
          value={value}
          onChange={(event) => {
            const chosen = event.target.value;
            onChange(name === 'from' ? { from: chosen, to } : { from, to: chosen });
          }}
        />
      )}
    </Field>
  );
  return (
    <>
      {day('from', from)}
      {day('to', to)}
    </>
  );
}

/** Links to the newer and older pages of a list, with where the reader is; nothing for one page. */
export function Pager({
  label,
  page,
  pages,
  pageLink,
}: {
  label: string;
  page: number;
  pages: number;
  pageLink: (page: number) => string;
}) {
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className={secondaryButtonClass}>
          {t('common.newer')}
        </Link>
      ) : (
        <span />
      )}
      <p>{t('common.pageOf', { page, pages })}</p>
      {page < pages ? (
        <Link to={pageLink(page + 1)} className={secondaryButtonClass}>
          {t('common.older')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
