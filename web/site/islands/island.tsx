import { createContext, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import type { Translator } from '../../shared/i18n/i18n';
import { PageContext } from '../pages/page-context';
import type { PageProps } from '../pages/page-props';
import { TranslationProvider } from '../../shared/i18n/translation';
import type { IslandName } from './registry';

/** What an island receives from the server: plain data, as JSON carries it. */
export type IslandProps = Record<string, unknown>;

/** An island the server met while rendering a page, in document order. */
export type PlacedIsland = {
  name: IslandName;
  props: IslandProps;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props
  component: ComponentType<any>;
};

/**
 * Set while the server renders a page whose interactive parts hydrate one by one: each island is
 * reported here and answered with its place, and the page gets an empty marker that the island's
 * own render fills (see ../entry-server.tsx). Absent when a page hydrates whole.
 */
export const IslandPlacerContext = createContext<((island: PlacedIsland) => number) | null>(null);

/** What the server writes in an island's marker until the island's own render replaces it. */
export function islandSlot(index: number): string {
  return `<!--island:${index}-->`;
}

/** Finds every islandSlot in a page's HTML; the index is the first group. */
export const islandSlots = /<!--island:(\d+)-->/g;

/**
 * The prefix of the ids React makes inside the island at `index`. The server and the browser
 * render each island as a root of its own, so they must agree on it, and it keeps the ids of two
 * islands apart.
 */
export function islandIdPrefix(index: number): string {
  return `i${index}-`;
}

type IslandComponentProps<P extends IslandProps> = {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
};

/**
 * An interactive part of a page. On a page that hydrates island by island, the browser runs this
 * part alone, with `props` and the shared page data (../islands/page-data.ts), and everything
 * around it stays the server's HTML. On a page that hydrates whole, it is the component in a
 * wrapper that takes no room (`display: contents`).
 */
export function Island<P extends IslandProps>({
  name,
  component: Component,
  props,
}: IslandComponentProps<P>) {
  const place = useContext(IslandPlacerContext);
  if (place) {
    const index = place({ name, props, component: Component });
    return (
      <div
        data-island={name}
        data-island-index={index}
        className="contents"
        dangerouslySetInnerHTML={{ __html: islandSlot(index) }}
      />
    );
  }
  return (
    <div data-island={name} className="contents">
      <Component {...props} />
    </div>
  );
}

type IslandRootProps = {
  page: PageProps;
  i18n: Translator;
  /** Called in the browser once the island has hydrated. */
  onHydrated?: () => void;
  children: ReactNode;
};

/** What surrounds an island rendered on its own, on the server and in the browser alike. */
export function IslandRoot({ page, i18n, onHydrated, children }: IslandRootProps) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <TranslationProvider i18n={i18n}>
      <PageContext value={page}>{children}</PageContext>
    </TranslationProvider>
  );
}
