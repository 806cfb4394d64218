import { slugOf } from '../content';
import { CoverArt } from './cover-art';

/** The generated picture of a collection item, described by the item's own words. */
export function ItemCover({ route, alt }: { route: string; alt?: string }) {
  return (
    <CoverArt
      seed={slugOf(route)}
      label={alt || undefined}
      className="aspect-[16/9] w-full overflow-hidden rounded-card shadow-panel lg:aspect-[16/10]"
    />
  );
}
