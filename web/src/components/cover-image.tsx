/** The frame the server draws covers in (api/cover): 16:9. */
export const coverSize = { width: 400, height: 225 };

/** Where the server serves the cover of the page at `route` (locale-free). */
export function coverPath(route: string): string {
  return `/covers${route}.svg`;
}

type CoverImageProps = {
  /** The page the cover belongs to; its section decides the motif and colours. */
  route: string;
  /** The item's `imageAlt`, or "" where the picture is decoration beside text that names it. */
  alt: string;
  /** The main picture of a page loads at once; pictures in lists load as they come into view. */
  lazy?: boolean;
  className?: string;
};

/**
 * A page's cover: vector art the server draws for every page that shows one (api/cover), so an
 * item added to the database has its picture as soon as it has its page. Its width and height
 * reserve its space; the class gives the shape it is cropped to.
 */
export function CoverImage({ route, alt, lazy = false, className = '' }: CoverImageProps) {
  return (
    <img
      src={coverPath(route)}
      width={coverSize.width}
      height={coverSize.height}
      alt={alt}
      {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
      className={`block h-auto bg-hero object-cover dark:ring-1 dark:ring-line ${className}`}
    />
  );
}
