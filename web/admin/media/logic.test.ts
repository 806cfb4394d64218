import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../api';
import {
  focalFromClick,
  formatBytes,
  mediaQuery,
  missingAlt,
  noFilters,
  parseTags,
  thumbnail,
} from './logic';

describe('mediaQuery', () => {
  it('says only what narrows or orders the list', () => {
    expect(mediaQuery(noFilters)).toBe('');
    expect(mediaQuery({ ...noFilters, q: '  dubai office ', kind: 'image', sort: 'size' })).toBe(
      '?q=dubai+office&kind=image&sort=size',
    );
    expect(mediaQuery({ ...noFilters, folder: 'Reports & papers', tag: 'pdf' })).toBe(
      '?folder=Reports+%26+papers&tag=pdf',
    );
  });
});

describe('missingAlt', () => {
  it('names the languages a picture has no alt text in', () => {
    expect(missingAlt({ kind: 'image', alt: { en: 'Towers', ar: ' ' } })).toEqual([
      'nl',
      'fr',
      'ar',
    ]);
    expect(missingAlt({ kind: 'image', alt: { en: 'a', nl: 'b', fr: 'c', ar: 'د' } })).toEqual([]);
  });
  it('asks nothing of a document', () => {
    expect(missingAlt({ kind: 'document', alt: {} })).toEqual([]);
  });
});

describe('parseTags', () => {
  it('splits at commas, once each, in lower case', () => {
    expect(parseTags(' Offices, dubai,,OFFICES , مكاتب')).toEqual(['offices', 'dubai', 'مكاتب']);
  });
});

describe('formatBytes', () => {
  it('reads as people write sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(15 * 1024 * 1024, 'en')).toBe('15 MB');
  });
});

describe('focalFromClick', () => {
  it('is where the click fell in the picture, kept inside it', () => {
    const box = { left: 100, top: 50, width: 200, height: 100 };
    expect(focalFromClick(box, 150, 75)).toEqual({ focalX: 0.25, focalY: 0.25 });
    expect(focalFromClick(box, 400, 0)).toEqual({ focalX: 1, focalY: 0 });
  });
});

describe('thumbnail', () => {
  it('is the narrowest WebP', () => {
    const item = {
      url: '/media/library/x/640.jpg',
      files: [
        { name: '640.webp', type: 'image/webp', width: 640, url: '/m/640.webp' },
        { name: '320.webp', type: 'image/webp', width: 320, url: '/m/320.webp' },
      ],
    } as unknown as MediaItem;
    expect(thumbnail(item)).toBe('/m/320.webp');
  });
});
