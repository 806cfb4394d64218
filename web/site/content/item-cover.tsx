import { usePage } from '../pages/page-context';
import { CoverImage } from '../../shared/ui/cover-image';

/** The cover of the collection item the page shows, described by the item's own words. */
export function ItemCover({ alt, className = '' }: { alt?: string; className?: string }) {
  const { page } = usePage();
  return (
    <CoverImage
      route={page.route}
      cover={page.cover}
      sizes="(min-width: 1024px) 40vw, 100vw"
      alt={alt ?? ''}
      className={`w-full overflow-hidden rounded-card shadow-panel ${className}`}
    />
  );
}
