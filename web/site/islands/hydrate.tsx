import { hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { createI18n } from '../../shared/i18n/i18n';
import type { PagePayload } from '../pages/page-props';
import { IslandRoot, islandIdPrefix } from './island';
import { islands, type IslandName } from './registry';

/** What tells an island that waits that the visitor has come to it. */
const arrivals = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Calls `start` when the visitor first points at, presses or focuses something in `marker`.
 * A button pressed before the island hydrated did nothing then (the server's button has no
 * handler, and a submit button's press is held back), so it is pressed again once it has.
 * `start` calls `taken` as it hands the island to React, which handles any press from then on.
 * Links need no replay: they work without scripts.
 */
function whenReached(marker: HTMLElement, start: (taken: () => void) => Promise<void>): void {
  let pressed: HTMLButtonElement | null = null;
  const remember = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !marker.contains(button)) return;
    pressed = button;
    // A submit button would leave the page before the island could answer the press: the
    // press waits for it instead, as any other button's does.
    if (button.type === 'submit') event.preventDefault();
  };
  const begin = () => {
    for (const type of arrivals) marker.removeEventListener(type, begin);
    void start(() => marker.removeEventListener('click', remember, true)).then(() => {
      if (pressed?.isConnected) pressed.click();
    });
  };
  for (const type of arrivals) marker.addEventListener(type, begin, { passive: true });
  marker.addEventListener('click', remember, true);
}

/**
 * Hydrates each island marked in `root` as a root of its own, with the page data and strings
 * the islands share and its own props; the rest of the page stays the server's HTML. Each island
 * starts as soon as its code is there, except those that wait (islands/registry.ts) for a
 * visitor who is not signed in. Once every island that starts at once has hydrated,
 * <html data-hydrated> says the page is interactive, as on a page that hydrates whole; each
 * marker says `data-island-state="waiting"` or `"hydrated"`. The promise resolves with the roots
 * of the islands that started at once, when all are created.
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
  const waits = (marker: HTMLElement) => !signedIn && 'waits' in entryOf(marker).module;

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
    if (waits(marker)) {
      marker.dataset.islandState = 'waiting';
      whenReached(marker, () => new Promise<void>((resolve) => void hydrate(marker, resolve)));
    } else {
      atOnce.push(hydrate(marker, pageHydrated));
    }
  }
  return Promise.all(atOnce);
}
