import type { MediaItem } from '../api';
import { locales, type Locale } from '../../shared/i18n/locales';

/** What the library's list is narrowed and ordered by. */
export type MediaFilters = {
  q: string;
  kind: '' | 'image' | 'document';
  folder: string;
  tag: string;
  sort: 'newest' | 'title' | 'size';
};

export const noFilters: MediaFilters = { q: '', kind: '', folder: '', tag: '', sort: 'newest' };

/** The list's query string: only what narrows or orders it, in a stable order. */
export function mediaQuery(f: MediaFilters): string {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.kind) params.set('kind', f.kind);
  if (f.folder) params.set('folder', f.folder);
  if (f.tag) params.set('tag', f.tag);
  if (f.sort !== 'newest') params.set('sort', f.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The languages a picture has no alt text in; a document needs none. */
export function missingAlt(item: Pick<MediaItem, 'kind' | 'alt'>): Locale[] {
  if (item.kind !== 'image') return [];
  return locales.filter((l) => !item.alt[l]?.trim());
}

/** Tags typed as one line, split at commas: trimmed, lower case, once each. */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** A size in bytes as people read it, in the reader's number format. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/**
 * The focal point a click on the picture chose: where it fell within the picture's box, from
 * the left and the top, each between 0 and 1, rounded to two decimals.
 */
export function focalFromClick(
  box: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
): { focalX: number; focalY: number } {
  const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 100) / 100));
  return {
    focalX: box.width > 0 ? clamp((x - box.left) / box.width) : 0.5,
    focalY: box.height > 0 ? clamp((y - box.top) / box.height) : 0.5,
  };
}

/** The smallest file of a picture to show in the library: its narrowest WebP, or the link. */
export function thumbnail(item: MediaItem): string {
  const webp = item.files
    .filter((f) => f.type === 'image/webp')
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return webp[0]?.url ?? item.url;
}

/** The files the library accepts, for the file chooser. */
export const accepted = 'image/jpeg,image/png,image/webp,image/avif,application/pdf';
