import { useEffect, useRef, useState } from 'react';
import { adminApi, type ContentPresence, type PresentEditor } from '../api';

/** How often an open editor says it is still there (the server forgets it after a minute). */
export const heartbeatEvery = 15_000;

/** What the editor's banner says about the others, worked out from the server's answer. */
export type PresenceBanner =
  | { kind: 'none' }
  /** Someone took this language over from this editor. */
  | { kind: 'taken'; by: string; at: string | null }
  | {
      kind: 'others';
      /** The others in this language. */
      here: PresentEditor[];
      /** Those of them with unsaved changes. */
      dirty: PresentEditor[];
      /** The others in another language of the item. */
      elsewhere: PresentEditor[];
      /** Whether the reader may take this language over: they write it and someone has unsaved changes. */
      canTakeOver: boolean;
    };

/** The banner for an editor in `locale`, which the reader may write or not. */
export function presenceBanner(
  presence: ContentPresence | null,
  locale: string,
  canWrite: boolean,
): PresenceBanner {
  if (!presence) return { kind: 'none' };
  if (presence.takenBy) {
    return { kind: 'taken', by: presence.takenBy.name, at: presence.takenAt };
  }
  const here = presence.others.filter((o) => o.locale === locale);
  const elsewhere = presence.others.filter((o) => o.locale !== locale);
  if (here.length === 0 && elsewhere.length === 0) return { kind: 'none' };
  const dirty = here.filter((o) => o.dirty);
  return { kind: 'others', here, dirty, elsewhere, canTakeOver: canWrite && dirty.length > 0 };
}

/** Up to two letters for a person's marker: the first of their first and last names. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The distinct people among editors, the one with unsaved changes first when a person has several. */
export function byPerson(editors: PresentEditor[]): PresentEditor[] {
  const out = new Map<string, PresentEditor>();
  for (const e of editors) {
    const seen = out.get(e.staff.id);
    if (!seen || (!seen.dirty && e.dirty)) out.set(e.staff.id, e);
  }
  return [...out.values()];
}

/** A random id for one open editor. */
function newSession(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Says to the server that this editor has a language of an item open, every 15 seconds and as
 * its unsaved state changes, and hears who else has the item open. A hidden page with unsaved
 * changes says it is away; a hidden page without, or a page closed, leaves. Once someone has
 * taken the language over, the editor stops saying it is there until it moves to another
 * language.
 */
export function usePresence(
  collection: string,
  slug: string,
  locale: string,
  dirty: boolean,
): {
  presence: ContentPresence | null;
  takeOver: () => Promise<{ ok: boolean; message: string }>;
} {
  const [session] = useState(newSession);
  const key = `${collection}/${slug}/${locale}`;
  // The last answer, with the language it is about: one about another is not shown.
  const [heard, setHeard] = useState<{ key: string; presence: ContentPresence } | null>(null);
  const dirtyNow = useRef(dirty);
  const taken = useRef(false);
  // The beat of the language open now, which the effects below call.
  const beat = useRef<(away?: boolean) => void>(() => {});

  useEffect(() => {
    if (!locale) return;
    let live = true;
    const here = `${collection}/${slug}/${locale}`;
    taken.current = false;
    beat.current = (away = false) => {
      if (taken.current) return;
      void adminApi
        .contentPresence(collection, slug, locale, {
          session,
          dirty: dirtyNow.current,
          away,
        })
        .then((result) => {
          if (!live || !result.ok || !result.data) return;
          if (result.data.takenBy) taken.current = true;
          setHeard({ key: here, presence: result.data });
        });
    };
    const leave = () => adminApi.leaveContent(collection, slug, locale, session);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') beat.current();
      else if (dirtyNow.current) beat.current(true);
      else leave();
    };
    beat.current();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' || dirtyNow.current) {
        beat.current(document.visibilityState !== 'visible');
      }
    }, heartbeatEvery);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      beat.current = () => {};
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [collection, slug, locale, session]);

  // A change of the unsaved state is said at once.
  useEffect(() => {
    dirtyNow.current = dirty;
    beat.current();
  }, [dirty]);

  const takeOver = async () => {
    const result = await adminApi.takeOverContent(collection, slug, locale, {
      session,
      dirty: dirtyNow.current,
      away: false,
    });
    if (result.ok && result.data) setHeard({ key, presence: result.data });
    return { ok: result.ok, message: result.message };
  };

  return { presence: heard && heard.key === key ? heard.presence : null, takeOver };
}
