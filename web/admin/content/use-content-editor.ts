import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  adminApi,
  type ContentConflict,
  type ContentItem,
  type ContentVersion,
  type Session,
} from '../api';
import { type Notice } from '../ui';
import { useT } from '../shell/lang';
import { useSearch } from '../shell/navigation';
import { cleaned, type Json } from './fields';
import { contentKeys, useSchema, useVersions, useWatchedItem } from './queries';

/** What the form starts from in a language: its latest version, else its live text, else the English. */
function startingText(item: ContentItem, locale: string): Json {
  const lang = item.languages[locale];
  return (lang?.latest?.body ?? lang?.live ?? item.languages.en?.live ?? {}) as Json;
}

/** The languages the staff member sees: a translator only those they write. */
export function shownLanguages(item: ContentItem, session: Session): string[] {
  if (session.permissions.includes('content.edit')) return item.order;
  return session.permissions.includes('content.translate') ? item.writable : item.order;
}

/**
 * The editor's own look at the item: `load` starts the form again from it (in `locale`),
 * `refresh` keeps the form and only takes the item's states. Its answer is the first to come
 * after the one the cache held when it was asked for (`after`, that answer's time): an answer
 * that came before, even in the same millisecond, is not it.
 */
type OwnLook = { kind: 'load' | 'refresh'; locale?: string; after: number };

/**
 * One item's editor: the item as the server has it (watched), the form of one language, and
 * what the editor does to it (save, publish, schedule, restore).
 */
export function useContentEditor(collection: string, slug: string, session: Session) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const schema = useSchema(collection, slug);
  const watched = useWatchedItem(collection, slug);
  const item = watched.data ?? null;
  const fields = schema.data?.fields ?? null;
  const [locale, setLocale] = useState('');
  const [draft, setDraft] = useState<Json>({});
  const [base, setBase] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [conflict, setConflict] = useState<ContentVersion | null>(null);
  const [busy, setBusy] = useState(false);
  // The text the form started from (its base version's), which the conflict view compares with.
  const [startBody, setStartBody] = useState<Json>({});
  // A newer version someone saved while this form has unsaved changes.
  const [newer, setNewer] = useState<ContentVersion | null>(null);
  // The item as the form last took it in, and when that answer came.
  const [seen, setSeen] = useState<{ at: number; item: ContentItem | null }>({
    at: 0,
    item: null,
  });
  const itemKey = contentKeys.item(collection, slug);
  /** When the answer the cache holds now came, 0 for none. */
  const heldSince = () => queryClient.getQueryState(itemKey)?.dataUpdatedAt ?? 0;
  // The address may name the language to open at (?lang=ar, as a notification's link does).
  const asked = new URLSearchParams(useSearch()).get('lang') ?? undefined;
  // The first look is the one the editor asks for as it opens, not an answer kept from before.
  const [own, setOwn] = useState<OwnLook | null>(() => ({
    kind: 'load',
    locale: asked,
    after: heldSince(),
  }));

  const lang = item?.languages[locale];
  const versions = useVersions(
    collection,
    slug,
    locale,
    [
      lang?.latest?.id ?? 0,
      lang?.published ?? 0,
      lang?.state ?? '',
      lang?.review?.state ?? '',
      lang?.review?.at ?? '',
    ].join(':'),
  );

  const startForm = (it: ContentItem, loc?: string) => {
    const shown = shownLanguages(it, session);
    const next = loc && shown.includes(loc) ? loc : (shown[0] ?? 'en');
    setLocale(next);
    setDraft(startingText(it, next));
    setStartBody(startingText(it, next));
    setBase(it.languages[next]?.latest?.id ?? 0);
    setDirty(false);
    setErrors({});
    setConflict(null);
    setNewer(null);
  };

  // What changed underneath: with nothing unsaved the form follows a newer version and the
  // state; with unsaved changes it stays as it is and says so.
  const follow = (was: ContentItem, now: ContentItem) => {
    const before = was.languages[locale];
    const is = now.languages[locale];
    const latest = is?.latest ?? null;
    const saved = latest !== null && latest.id > base;
    const moved =
      before?.state !== is?.state ||
      before?.published !== is?.published ||
      (saved && latest.id !== newer?.id);
    if (!moved) return;
    if (saved && dirty) {
      setNewer(latest);
      return;
    }
    if (saved) {
      setDraft((latest.body ?? {}) as Json);
      setStartBody((latest.body ?? {}) as Json);
      setBase(latest.id);
      setNotice({
        tone: 'success',
        text: t('content.refreshed.saved', { name: latest.author.name || t('content.someone') }),
      });
      return;
    }
    setNotice({
      tone: 'success',
      text: t('content.refreshed.state', {
        state: t(`content.stateNames.${is?.state ?? 'missing'}`).toLowerCase(),
      }),
    });
  };

  // Each answer is taken in once, while no request of the editor's own runs: the editor's own
  // look starts or keeps the form; any other is the watch, which the form follows.
  if (item && watched.dataUpdatedAt !== seen.at && !busy) {
    const answersOwn = own !== null && watched.dataUpdatedAt > own.after;
    setSeen({ at: watched.dataUpdatedAt, item });
    if (own && answersOwn) {
      setOwn(null);
      if (own.kind === 'load') startForm(item, own.locale);
    } else if (!own && seen.item && locale) follow(seen.item, item);
  }

  /** Looks at the item again now: `load` starts the form again, in `loc`. */
  const look = async (kind: OwnLook['kind'], loc?: string) => {
    // Asked for at once: a look already under way is cancelled, so what comes next answers this.
    setOwn({ kind, locale: loc, after: heldSince() });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: itemKey }),
      queryClient.invalidateQueries({ queryKey: contentKeys.list(collection) }),
    ]);
  };

  const save = async (on: number): Promise<ContentVersion | null> => {
    if (!fields) return null;
    setBusy(true);
    const result = await adminApi.saveContent(collection, slug, locale, on, cleaned(fields, draft));
    setBusy(false);
    setErrors(result.errors);
    if (result.ok && result.data) {
      setBase(result.data.id);
      setStartBody(cleaned(fields, draft));
      setDirty(false);
      setConflict(null);
      setNewer(null);
      setNotice({ tone: 'success', text: result.message });
      void look('refresh');
      return result.data;
    }
    if (result.status === 409) {
      const data = result.data as ContentConflict | null;
      setConflict(data?.current ?? null);
      setNotice(null);
      return null;
    }
    setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
    return null;
  };

  const afterChange = async (message: string, ok: boolean) => {
    await look('load', locale);
    setNotice({ tone: ok ? 'success' : 'error', text: message || t('common.unreachable') });
  };

  /** The version to publish or schedule: the form's, saved first when it has changes. */
  const savedVersion = async (): Promise<number | null> => {
    if (!dirty && base !== 0) return base;
    const saved = await save(base);
    return saved ? saved.id : null;
  };

  const publish = async () => {
    const version = await savedVersion();
    if (version === null) return;
    setBusy(true);
    const result = await adminApi.publishContent(collection, slug, locale, version);
    setBusy(false);
    await afterChange(result.message, result.ok);
  };

  /** Sends the form's version for review, saved first when it has changes. */
  const sendForReview = async (note: string) => {
    const version = await savedVersion();
    if (version === null) return false;
    setBusy(true);
    const result = await adminApi.sendForReview(collection, slug, locale, version, note);
    setBusy(false);
    await afterChange(result.message, result.ok);
    return result.ok;
  };

  /** A reviewer's decision on the version under review: approve it (at a time, or not) or send it back. */
  const decide = async (
    decision: 'approve' | 'changes',
    version: number,
    comment: string,
    at?: Date,
    zone?: string,
  ) => {
    setBusy(true);
    const result =
      decision === 'approve'
        ? await adminApi.approveReview(collection, slug, locale, {
            version,
            comment,
            ...(at && zone ? { at: at.toISOString(), timeZone: zone } : {}),
          })
        : await adminApi.requestChanges(collection, slug, locale, version, comment);
    setBusy(false);
    if (!result.ok && Object.keys(result.errors).length > 0) {
      setNotice({ tone: 'error', text: Object.values(result.errors)[0] ?? result.message });
      return false;
    }
    await afterChange(result.message, result.ok);
    return result.ok;
  };

  const unpublish = async () => {
    setBusy(true);
    const result = await adminApi.unpublishContent(collection, slug, locale);
    setBusy(false);
    await afterChange(result.message, result.ok);
  };

  const schedule = async (action: 'publish' | 'unpublish', at: Date, zone: string) => {
    const version = action === 'publish' ? await savedVersion() : 0;
    if (version === null) return;
    setBusy(true);
    const result = await adminApi.scheduleContent(collection, slug, locale, {
      action,
      version,
      at: at.toISOString(),
      timeZone: zone,
    });
    setBusy(false);
    if (!result.ok) {
      const first = Object.values(result.errors)[0];
      setNotice({ tone: 'error', text: first || result.message || t('common.unreachable') });
      return;
    }
    await look('refresh');
    setNotice({ tone: 'success', text: result.message });
  };

  const cancelSchedule = async () => {
    setBusy(true);
    const result = await adminApi.cancelSchedule(collection, slug, locale);
    setBusy(false);
    await look('refresh');
    setNotice({
      tone: result.ok ? 'success' : 'error',
      text: result.message || t('common.unreachable'),
    });
  };

  // Restoring replaces the form, so a version saved meanwhile is simply loaded and named.
  const restore = async (version: number) => {
    setBusy(true);
    const result = await adminApi.restoreContent(collection, slug, locale, version, base);
    setBusy(false);
    await afterChange(result.message, result.ok);
  };

  /** Takes the other editor's version as the form's, leaving this one's changes. */
  const keepTheirs = (theirs: ContentVersion) => {
    setDraft((theirs.body ?? {}) as Json);
    setStartBody((theirs.body ?? {}) as Json);
    setBase(theirs.id);
    setDirty(false);
    setErrors({});
    setConflict(null);
    setNewer(null);
    setNotice({ tone: 'success', text: t('content.loadedTheirs') });
    void queryClient.invalidateQueries({
      queryKey: contentKeys.versions(collection, slug, locale),
    });
  };

  const failed = (!fields && schema.error) || (!item && watched.error);
  return {
    item,
    fields,
    missing: failed ? failed.message || t('common.unreachable') : '',
    versions: versions.data?.versions ?? [],
    reviews: versions.data?.reviews ?? [],
    locale,
    draft,
    base,
    dirty,
    errors,
    notice,
    conflict,
    newer,
    busy,
    startBody,
    setNotice,
    setConflict,
    edit: (next: Json) => {
      setDraft(next);
      setDirty(true);
    },
    // The form waits for the language it is switching to: what is typed before that answer
    // came would be replaced by it.
    loading: own?.kind === 'load',
    switchTo: (next: string) => {
      if (next === locale) return;
      setNotice(null);
      void look('load', next);
    },
    save,
    publish,
    sendForReview,
    decide,
    unpublish,
    schedule,
    cancelSchedule,
    restore,
    keepTheirs,
    afterChange,
  };
}
