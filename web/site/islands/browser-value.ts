import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const onServer = () => null;

/**
 * A value only the browser knows (its clock, its address), read once the page has hydrated.
 * Cached pages are the same for everyone at any time, so the server and the hydrating browser
 * both render with null, and the browser renders again with the value. `read` must return a
 * primitive (or the same object) for an unchanged value.
 */
export function useBrowserValue<T>(read: () => T): T | null {
  return useSyncExternalStore(noSubscription, read, onServer);
}
