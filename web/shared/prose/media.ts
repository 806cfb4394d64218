// The media library's items as running text names them: a picture by its id in an `image` node,
// a document by the address of its file in a link (api/content/media.go holds the same rules).

import type { PageMediaFile } from '../api/types.gen';

/** Where the library's files are served: the path, the item's id, and the file's name. */
export const libraryPath = '/media/library/';

const libraryFile = /^\/media\/library\/([a-z2-7]{24})\/([a-z0-9][a-z0-9._-]{0,99})$/;

/** The item's id and file's name of an address into the library, or null for any other. */
export function libraryFileOf(href: string): { id: string; file: string } | null {
  const match = libraryFile.exec(href);
  if (!match || match[2]!.includes('..')) return null;
  return { id: match[1]!, file: match[2]! };
}

/** The address of one file of a library item. */
export const libraryFileURL = (id: string, file: string) => `${libraryPath}${id}/${file}`;

/** A picture's files of one content type as a `srcset`, narrowest first; "" when it has none. */
export function librarySrcSet(id: string, files: PageMediaFile[], type: string): string {
  return files
    .filter((file) => file.type === type && file.width)
    .sort((a, b) => a.width! - b.width!)
    .map((file) => `${libraryFileURL(id, file.name)} ${file.width}w`)
    .join(', ');
}

/** The file browsers without AVIF or WebP show: the JPEG, or else the widest other file. */
export function libraryFallback(files: PageMediaFile[]): PageMediaFile | undefined {
  const jpeg = files.find((file) => file.type === 'image/jpeg');
  if (jpeg) return jpeg;
  return [...files].sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0];
}
