import { hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { createI18n } from '../../shared/i18n/i18n';
import type { PagePayload } from '../pages/page-props';
import { IslandRoot, islandIdPrefix } from './island';
import { islands, type IslandName } from './registry';

/** What tells an island that waits that the visitor has come to it. */
const arrivals = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * How far below (or above) the screen an island that waits for the screen starts: its code loads
 * and runs while the visitor scrolls the last stretch to it. A carousel starts its own slides
 * nearer still (content/carousel.tsx), once its island is there.
 */
export const nearScreen = '400px';

/**
 * Calls `start` when the visitor first points at, presses or focuses something in `marker`, or,
 * with `near`, when the island comes within nearScreen of the screen, whichever is first.
 * A button pressed before the island hydrated did nothing then (the server's button has no
 * handler, and a submit button's press is held back), so it is pressed again once it has; a form
 * sent with the Enter key meanwhile is held back and sent again the same way.
 * `start` calls `taken` as it hands the island to React, which handles any press from then on.
 * Links need no replay: they work without scripts.
 */
function whenReached(
  marker: HTMLElement,
  start: (taken: () => void) => Promise<void>,
  near = false,
): void {
  let pressed: HTMLButtonElement | null = null;
  let sent: HTMLFormElement | null = null;
  const remember = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !marker.contains(button)) return;
    pressed = button;
    // A submit button would leave the page before the island could answer the press: the
    // press waits for it instead, as any other button's does.
    if (button.type === 'submit') event.preventDefault();
  };
  const holdSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    sent = event.target;
  };
  let observer: IntersectionObserver | null = null;
  let begun = false;
  const begin = () => {
    if (begun) return;
    begun = true;
    for (const type of arrivals) marker.removeEventListener(type, begin);
    observer?.disconnect();
    observer = null;
    void start(() => {
      marker.removeEventListener('click', remember, true);
      marker.removeEventListener('submit', holdSubmit, true);
    }).then(() => {
      if (pressed?.isConnected) pressed.click();
      else if (sent?.isConnected) sent.requestSubmit();
    });
  };
  for (const type of arrivals) marker.addEventListener(type, begin, { passive: true });
  marker.addEventListener('click', remember, true);
  marker.addEventListener('submit', holdSubmit, true);
  if (!near) return;
  if (typeof IntersectionObserver === 'undefined') {
    begin();
    return;
  }
  // The marker itself takes no room (display: contents): its content is what comes into view.
  observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) begin();
    },
    { rootMargin: nearScreen },
  );
  for (const child of marker.children) observer.observe(child);
}

/**
 * Hydrates each island marked in `root` as a root of its own, with the page data and strings
 * the islands share and its own props; the rest of the page stays the server's HTML. Each island
 * starts as soon as its code is there, except those that wait (islands/registry.ts): for the
 * visitor to come to them, when not signed in and not come for them, or, for everyone, to come
 * near the screen. Once every island that starts at once has hydrated, <html data-hydrated>
 * says the page is interactive, as on a page that hydrates whole; each marker says
 * `data-island-state="waiting"` or `"hydrated"`. The promise resolves with the roots of the
 * islands that started at once, when all are created.
 */
export function hydrateIslands(
  { props, resources, islands: placed = [] }: PagePayload,
  root: ParentNode = document,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<Root[]> {
  const i18n = createI18n(props.locale, resources);
  const signedIn = document.documentElement.classList.contains('signed-in');
  const markers = [...root.querySelectorAll<HTMLElement>('[data-island-index]')];
  const entryOf = (marker: HTMLElement) => {
    const index = Number(marker.dataset.islandIndex);
    const island = placed[index];
    if (!island) throw new Error(`no props for island ${index}`);
    return { index, island, module: islands[island.name as IslandName] };
  };
  /** Whether an island waits, and for what: the visitor only, or the screen as well. */
  const waits = (marker: HTMLElement): 'visitor' | 'screen' | null => {
    const { module } = entryOf(marker);
    if ('near' in module) return 'screen';
    if (signedIn || !('waits' in module)) return null;
    return 'wanted' in module && module.wanted() ? null : 'visitor';
  };

  let waiting = markers.filter((marker) => !waits(marker)).length;
  const pageHydrated = () => {
    waiting -= 1;
    if (waiting === 0) document.documentElement.dataset.hydrated = 'true';
  };
  if (waiting === 0) document.documentElement.dataset.hydrated = 'true';

  const hydrate = async (marker: HTMLElement, onHydrated: () => void, taken?: () => void) => {
    const { index, island, module } = entryOf(marker);
    const Component = await module.load();
    taken?.();
    const done = () => {
      marker.dataset.islandState = 'hydrated';
      onHydrated();
    };
    return hydrateRoot(
      marker,
      <IslandRoot page={props} i18n={i18n} onHydrated={done}>
        <Component {...island.props} />
      </IslandRoot>,
      { ...options, identifierPrefix: islandIdPrefix(index) },
    );
  };

  const atOnce: Promise<Root>[] = [];
  for (const marker of markers) {
    const waitsFor = waits(marker);
    if (waitsFor) {
      marker.dataset.islandState = 'waiting';
      whenReached(
        marker,
        (taken) => new Promise<void>((resolve) => void hydrate(marker, resolve, taken)),
        waitsFor === 'screen',
      );
    } else {
      atOnce.push(hydrate(marker, pageHydrated));
    }
  }
  return Promise.all(atOnce);
}
