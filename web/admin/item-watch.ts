import { useEffect, useEffectEvent } from 'react';
import { adminApi, type ContentItem } from './api';

/** How often an open item is looked at again while its page is in view. */
const every = 20_000;

/**
 * Looks at an open item again, as the server has it now, and hands it to `onSeen`: every 20
 * seconds while the page is in view, and at once when the window or tab is back in view, so
 * that what the scheduler published or another editor saved shows without a reload. One small
 * request at a time; none while the page is hidden. `onSeen` is told when the request left,
 * to tell an answer older than the editor's own last load.
 */
export function useItemWatch(
  collection: string,
  slug: string,
  onSeen: (item: ContentItem, askedAt: number) => void,
): void {
  const seen = useEffectEvent(onSeen);
  useEffect(() => {
    let live = true;
    let asking = false;
    const look = async () => {
      if (asking || document.visibilityState === 'hidden') return;
      asking = true;
      const askedAt = performance.now();
      const result = await adminApi.contentItem(collection, slug);
      asking = false;
      if (live && result.ok && result.data) seen(result.data, askedAt);
    };
    const timer = window.setInterval(() => void look(), every);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void look();
    };
    const onFocus = () => void look();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [collection, slug]);
}
