import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { CloseIcon } from '../../shared/ui/icons';
import { useLocalizedPath, usePage } from '../pages/page-context';
import { SearchIcon } from './search-icon';
import {
  maxQuery,
  plural,
  searchPath,
  searchRoute,
  type SearchAnswer,
  type SearchHit,
} from './search-data';
import { Snippet } from './snippet';

/** How long typing pauses before the results are asked for, in milliseconds. */
const debounce = 150;

/** The fewest characters searched as the visitor types. */
const minQuery = 2;

/** The API's address for a query as the visitor types it, or, `final`, settles on it. */
function apiPath(query: string, locale: string, final = false): string {
  const params = new URLSearchParams({ q: query, lang: locale });
  if (final) params.set('final', '1');
  return `/api/search?${params.toString()}`;
}

/** The last answer the search had, for the query it answered. */
type State = { query: string; answer?: SearchAnswer; failed?: boolean };

/**
 * The header's search. Without scripts it is a form that opens the search page. With them, the
 * button opens a field that lists results as the visitor types: a WAI-ARIA combobox (arrows move
 * through the results, Enter opens one or the search page, Escape closes), with the count
 * announced to screen readers.
 */
export function SiteSearch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { locale } = usePage();
  const localize = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ query: '' });
  const [active, setActive] = useState(-1);
  const id = useId();
  const panelId = `${id}-panel`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const trimmed = query.trim().slice(0, maxQuery);
  const searching = open && trimmed.length >= minQuery;
  // The results shown are the last answer's until the next arrives.
  const answer = searching ? state.answer : undefined;
  const failed = searching && state.query === trimmed && state.failed === true;
  const loading = searching && state.query !== trimmed;
  const hits: SearchHit[] = answer?.results ?? [];
  // The options: each result, then the search page for every result.
  const optionCount = searching ? hits.length + 1 : 0;
  const expanded = searching && (answer !== undefined || failed);

  // Ask for the results once typing pauses; a newer query aborts the older one's request.
  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(apiPath(trimmed, locale), {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      })
        .then(async (response) => {
          const body = (await response.json()) as { isSuccess: boolean; data: SearchAnswer };
          if (!response.ok || !body.isSuccess)
            throw new Error(`search answered ${response.status}`);
          setState({ query: trimmed, answer: body.data });
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ query: trimmed, failed: true });
        });
    }, debounce);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [searching, trimmed, locale]);

  // A press outside the search closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    button.current?.focus();
  };

  const openSearch = (event: MouseEvent<HTMLButtonElement>) => {
    // The button submits its form without scripts; with them it opens the field instead.
    event.preventDefault();
    if (open) close();
    else setOpen(true);
  };

  const go = (path: string) => {
    window.location.assign(path);
  };

  const choose = (index: number) => {
    const hit = hits[index];
    if (hit) {
      // The visitor settled on this query: count it, as the search page counts its own.
      void fetch(apiPath(trimmed, locale, true), { keepalive: true }).catch(() => undefined);
      go(hit.path);
    } else {
      go(searchPath(locale, trimmed));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        if (optionCount === 0) return;
        event.preventDefault();
        setActive((index) => (index + 1) % optionCount);
        break;
      case 'ArrowUp':
        if (optionCount === 0) return;
        event.preventDefault();
        setActive((index) => (index <= 0 ? optionCount - 1 : index - 1));
        break;
      case 'Escape':
        event.preventDefault();
        if (expanded && active >= 0) setActive(-1);
        else if (query) setQuery('');
        else close();
        break;
      case 'Enter':
        if (active >= 0) {
          event.preventDefault();
          choose(active);
        }
        break;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!trimmed) event.preventDefault();
  };

  const announcement = (() => {
    if (!searching) return '';
    if (failed) return t('searchBox.failed');
    if (loading || !answer) return t('searchBox.searching');
    if (answer.total === 0) return t('searchBox.noResults', { query: answer.query });
    return plural(t, locale, 'searchBox.countAnnounced', answer.total);
  })();

  return (
    <div ref={root} className={`sm:relative ${className}`} data-site-search="">
      <form action={localize(searchRoute)} method="get">
        <button
          ref={button}
          type="submit"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={openSearch}
          className="inline-flex size-10 items-center justify-center rounded-md border border-line text-ink transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <SearchIcon className="size-5" />
          <span className="sr-only">{t('searchBox.open')}</span>
        </button>
      </form>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-y border-line bg-raised shadow-panel sm:absolute sm:inset-x-auto sm:end-0 sm:top-[calc(100%+0.75rem)] sm:w-[34rem] sm:rounded-card sm:border"
      >
        {open && (
          <form
            action={localize(searchRoute)}
            method="get"
            role="search"
            aria-label={t('searchBox.label')}
            onSubmit={onSubmit}
            className="flex flex-col"
          >
            <div className="flex items-center gap-2 border-b border-line p-3">
              <div className="relative flex-1">
                <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-ink-muted" />
                <input
                  ref={input}
                  type="search"
                  name="q"
                  role="combobox"
                  aria-label={t('searchBox.label')}
                  aria-expanded={expanded}
                  aria-controls={listId}
                  aria-autocomplete="list"
                  aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
                  autoComplete="off"
                  enterKeyHint="search"
                  spellCheck={false}
                  maxLength={maxQuery * 2}
                  placeholder={t('searchBox.placeholder')}
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  onKeyDown={onKeyDown}
                  className="h-11 w-full min-w-0 appearance-none rounded-md border border-line-strong bg-page ps-10 pe-3 text-base text-ink placeholder:text-ink-muted focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus [&::-webkit-search-cancel-button]:appearance-none"
                />
              </div>
              <button
                type="button"
                onClick={close}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-ink-muted transition-colors hover:bg-surface hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
              >
                <CloseIcon className="size-5" />
                <span className="sr-only">{t('searchBox.close')}</span>
              </button>
            </div>
            <p role="status" className="sr-only">
              {announcement}
            </p>
            <ul
              id={listId}
              role="listbox"
              aria-label={t('searchBox.label')}
              hidden={!expanded}
              className="max-h-[min(28rem,calc(100dvh-12rem))] overflow-y-auto py-2"
            >
              {hits.map((hit, index) => (
                <li
                  key={hit.path}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  lang={hit.lang !== locale ? hit.lang : undefined}
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(index)}
                  data-search-option=""
                  className="cursor-pointer px-4 py-3 aria-selected:bg-surface"
                >
                  <p className="flex items-center gap-2 text-[0.6875rem] font-semibold tracking-[0.12em] text-accent uppercase">
                    <span>{t(`searchBox.types.${hit.type}`)}</span>
                    {hit.lang !== locale && (
                      <span
                        lang={locale}
                        className="rounded-full bg-surface px-2 py-0.5 tracking-normal text-ink-muted normal-case"
                      >
                        {t('searchBox.inEnglish')}
                      </span>
                    )}
                  </p>
                  <p className="mt-1 font-semibold text-ink">{hit.title}</p>
                  {hit.snippet.length > 0 && (
                    <Snippet
                      segments={hit.snippet}
                      className="mt-1 line-clamp-2 text-sm leading-relaxed text-ink-muted"
                    />
                  )}
                </li>
              ))}
              {answer && answer.total === 0 && (
                <li role="presentation" className="px-4 py-3 text-sm text-ink-muted">
                  {t('searchBox.noResults', { query: answer.query })}
                </li>
              )}
              {failed && (
                <li role="presentation" className="px-4 py-3 text-sm text-danger">
                  {t('searchBox.failed')}
                </li>
              )}
              {searching && (
                <li
                  id={optionId(hits.length)}
                  role="option"
                  aria-selected={active === hits.length}
                  onPointerMove={() => setActive(hits.length)}
                  onClick={() => choose(hits.length)}
                  className="mx-2 mt-1 cursor-pointer rounded-md px-2 py-2.5 text-sm font-semibold text-accent aria-selected:bg-surface"
                >
                  {t('searchBox.seeAll', { query: trimmed })}
                </li>
              )}
            </ul>
          </form>
        )}
      </div>
    </div>
  );
}
