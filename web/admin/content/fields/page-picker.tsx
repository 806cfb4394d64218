import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { inputClass } from '../../ui';
import { useT } from '../../shell/lang';
import type { PickablePage } from './page-names';

/** Folds text for a search: lower case, without accents or Arabic vowel marks. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLowerCase();

/** The pages a search finds, grouped by their section and group, in the site's tree order. */
export function pickerGroups(pages: PickablePage[], query: string, left: Set<string>) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const groups = new Map<string, { trail: string[]; pages: PickablePage[] }>();
  for (const page of pages) {
    if (left.has(page.route)) continue;
    const text = fold([page.title, page.route, ...page.trail].join(' '));
    if (!words.every((w) => text.includes(w))) continue;
    const at = page.trail.join('\u0000');
    const group = groups.get(at) ?? { trail: page.trail, pages: [] };
    group.pages.push(page);
    groups.set(at, group);
  }
  return [...groups.values()];
}

/**
 * A search box that offers the site's pages to choose one from (the ARIA combobox pattern): the
 * pages by their names in the reader's language, under their section and group, each with its
 * address. Arrow keys move through the offers, Enter takes one, Escape closes the list.
 */
export function PagePicker({
  id,
  label,
  pages,
  chosen,
  loading,
  onPick,
}: {
  id: string;
  label: string;
  pages: PickablePage[];
  chosen: string[];
  loading: boolean;
  onPick: (page: PickablePage) => void;
}) {
  const { t } = useT();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // The offer the arrow keys are on; -1 while none is (as the list opens).
  const [active, setActive] = useState(-1);
  const [said, setSaid] = useState('');
  const groups = useMemo(() => pickerGroups(pages, query, new Set(chosen)), [pages, query, chosen]);
  const offers = groups.flatMap((g) => g.pages);
  const at = Math.min(active, offers.length - 1);
  const optionId = (i: number) => `${id}-option-${i}`;

  const show = (i: number) => {
    setActive(i);
    setOpen(true);
    // The offer moved to stays in view in a list that scrolls.
    requestAnimationFrame(() =>
      document.getElementById(optionId(i))?.scrollIntoView({ block: 'nearest' }),
    );
  };
  const pick = (page: PickablePage | undefined) => {
    if (!page) return;
    onPick(page);
    setQuery('');
    setActive(-1);
    setOpen(false);
    setSaid(t('picker.added', { title: page.title }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (offers.length > 0) show(open ? Math.min(at + 1, offers.length - 1) : 0);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (offers.length > 0) show(open && at >= 0 ? Math.max(at - 1, 0) : offers.length - 1);
        break;
      case 'Enter':
        // Enter takes the offer in view; it never sends the form around the field.
        event.preventDefault();
        if (open && at >= 0) pick(offers[at]);
        else setOpen(true);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        break;
    }
  };

  const expanded = open && !loading;
  return (
    <div className="relative mt-3">
      <label htmlFor={id} className="block text-sm font-semibold">
        {t('picker.add', { field: label })}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && at >= 0 ? optionId(at) : undefined}
        aria-describedby={`${id}-hint`}
        className={`${inputClass} scroll-mt-24`}
        value={query}
        placeholder={t('picker.placeholder')}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={(e) => {
          setSaid('');
          // The offers open below the field: it moves up when the window has no room for them.
          const field = e.currentTarget;
          if (window.innerHeight - field.getBoundingClientRect().bottom < 360) {
            field.scrollIntoView({ block: 'start' });
          }
        }}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        {loading ? t('common.loading') : t('picker.hint')}
      </p>
      <p role="status" className="sr-only">
        {expanded ? t('picker.found', { count: offers.length }) : said}
      </p>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={t('picker.pages')}
        hidden={!expanded}
        className="absolute inset-x-0 z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-line-strong bg-raised p-1 shadow-lg"
      >
        {offers.length === 0 && (
          <div
            role="option"
            aria-disabled="true"
            aria-selected="false"
            className="p-3 text-ink-muted"
          >
            {t('picker.none')}
          </div>
        )}
        {groups.map((group, g) => {
          const start = groups.slice(0, g).reduce((n, before) => n + before.pages.length, 0);
          const groupId = `${id}-group-${g}`;
          return (
            <div key={group.trail.join('/')} role="group" aria-labelledby={groupId}>
              <div
                id={groupId}
                role="presentation"
                className="px-3 pt-3 pb-1 text-xs font-semibold text-ink-muted uppercase"
              >
                {group.trail.length > 0 ? group.trail.join(' / ') : t('picker.topLevel')}
              </div>
              {group.pages.map((page, j) => {
                const i = start + j;
                const current = expanded && i === at;
                return (
                  <div
                    key={page.route}
                    id={optionId(i)}
                    role="option"
                    aria-selected={current}
                    data-route={page.route}
                    className={`cursor-pointer rounded-md px-3 py-2 ${
                      current
                        ? 'bg-accent-soft outline-2 -outline-offset-2 outline-accent'
                        : 'hover:bg-accent-soft'
                    }`}
                    // The field keeps the focus while a pointer picks.
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => i !== at && setActive(i)}
                    onClick={() => pick(page)}
                  >
                    <bdi className="block font-semibold">{page.title}</bdi>
                    <span dir="ltr" className="block text-start text-sm text-ink-muted">
                      {page.route}
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const smallButton =
  'min-h-11 min-w-11 rounded-lg border border-line px-3 text-sm hover:border-accent hover:text-accent';

/**
 * The pages a field links to, in order: each by its name with its address small, moved up or
 * down and removed by buttons that say which page they act on. `extra` draws what belongs to
 * each page (a card's text).
 */
export function ChosenPages({
  id,
  routes,
  names,
  readOnly,
  onChange,
  entryError,
  extra,
}: {
  id: string;
  routes: string[];
  names: Map<string, string>;
  readOnly: boolean;
  onChange: (routes: string[]) => void;
  entryError: (route: string, i: number) => string | undefined;
  extra?: (route: string, i: number, title: string) => ReactNode;
}) {
  const { t } = useT();
  const [said, setSaid] = useState('');
  if (routes.length === 0) return <p className="text-ink-muted">{t('picker.empty')}</p>;
  const buttonId = (route: string, what: string) => `${id}-${what}-${route}`;
  const move = (i: number, by: number) => {
    const next = [...routes];
    const [route] = next.splice(i, 1);
    next.splice(i + by, 0, route!);
    onChange(next);
    const title = names.get(route!) ?? route!;
    setSaid(t('picker.moved', { title, number: i + by + 1, count: routes.length }));
    // The focus stays on the page moved: on the same button, or the other one at an end.
    requestAnimationFrame(() => {
      const same = document.getElementById(buttonId(route!, by < 0 ? 'up' : 'down'));
      (same ?? document.getElementById(buttonId(route!, by < 0 ? 'down' : 'up')))?.focus();
    });
  };
  const remove = (i: number) => {
    const route = routes[i]!;
    onChange(routes.filter((_, j) => j !== i));
    setSaid(t('picker.removed', { title: names.get(route) ?? route }));
  };
  return (
    <>
      <ol className="grid gap-2" data-chosen-pages>
        {routes.map((route, i) => {
          const title = names.get(route) ?? route;
          const error = entryError(route, i);
          return (
            <li
              key={route}
              className="rounded-lg border border-line bg-raised p-3"
              data-route={route}
              aria-invalid={error ? true : undefined}
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <div className="min-w-0 grow">
                  <bdi className="block font-semibold break-words">{title}</bdi>
                  <span dir="ltr" className="block text-start text-sm break-all text-ink-muted">
                    {route}
                  </span>
                </div>
                {!readOnly && (
                  <div className="flex flex-wrap gap-2">
                    {i > 0 && (
                      <button
                        type="button"
                        id={buttonId(route, 'up')}
                        className={smallButton}
                        aria-label={`${t('picker.up')}: ${title}`}
                        onClick={() => move(i, -1)}
                      >
                        <span aria-hidden="true">↑ </span>
                        {t('picker.up')}
                      </button>
                    )}
                    {i < routes.length - 1 && (
                      <button
                        type="button"
                        id={buttonId(route, 'down')}
                        className={smallButton}
                        aria-label={`${t('picker.down')}: ${title}`}
                        onClick={() => move(i, 1)}
                      >
                        <span aria-hidden="true">↓ </span>
                        {t('picker.down')}
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${smallButton} text-danger`}
                      aria-label={`${t('picker.remove')}: ${title}`}
                      onClick={() => remove(i)}
                    >
                      {t('picker.remove')}
                    </button>
                  </div>
                )}
              </div>
              {error && (
                <p className="mt-1 text-sm text-danger" id={`${id}-error-${i}`}>
                  {error}
                </p>
              )}
              {extra?.(route, i, title)}
            </li>
          );
        })}
      </ol>
      <p role="status" className="sr-only">
        {said}
      </p>
    </>
  );
}
