import { slugOf } from '../content';
import { usePage } from '../page-context';
import { CoverArt } from './cover-art';
import { CoverPicture } from './cover-picture';

/**
 * The cover of the collection item the page shows, described by the item's own words: the
 * built raster files, or the inline drawing where the page belongs to no collection.
 */
export function ItemCover({ alt, className = '' }: { alt?: string; className?: string }) {
  const { page } = usePage();
  const slug = slugOf(page.route);
  const frame = `w-full overflow-hidden rounded-card shadow-panel ${className}`;
  if (!page.collection) return <CoverArt seed={slug} label={alt || undefined} className={frame} />;
  return (
    <CoverPicture
      collection={page.collection}
      slug={slug}
      alt={alt ?? ''}
      sizes="(min-width: 1024px) 22rem, calc(100vw - 2rem)"
      className={frame}
    />
  );
}
