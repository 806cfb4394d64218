/** The frame the server draws covers in (api/cover): 16:9. */
export const coverSize = { width: 400, height: 225 };

/** Where the server serves the cover of the page at `route` (locale-free). */
export function coverPath(route: string): string {
  return `/covers${route}.svg`;
}

/** The side of the square frame the server draws portraits in (api/cover). */
export const portraitSize = 160;

/**
 * Where the server serves the portrait drawn under `key`: a person's slug, or `client-` and a
 * testimonial's id.
 */
export function portraitPath(key: string): string {
  return `/portraits/${key}.svg`;
}

/**
 * The widths an uploaded cover is encoded at, as AVIF and WebP, in the 16:9 frame
 * (ssr/encode-image.mjs makes the same).
 */
export const uploadedCoverWidths = [400, 800, 1200] as const;

/** Where one file of an uploaded cover is served (api/admin/covers.go). */
export function uploadedCoverPath(id: string, file: string): string {
  return `/media/covers/${id}/${file}`;
}

/** The link-preview picture made of an uploaded cover: a JPEG, which every crawler reads. */
export const uploadedPreview = { file: 'og.jpg', width: 1200, height: 630 };

/** The `srcset` of an uploaded cover in one format. */
export function uploadedCoverSrcSet(id: string, format: 'avif' | 'webp'): string {
  return uploadedCoverWidths
    .map((width) => `${uploadedCoverPath(id, `${width}.${format}`)} ${width}w`)
    .join(', ');
}

/** How wide a cover is shown where no one says otherwise: a card in a list of up to three. */
export const cardCoverSizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

type CoverImageProps = {
  /** The page the cover belongs to; its section decides the motif and colours. */
  route: string;
  /** The id of a cover staff uploaded for the page, shown instead of the drawn one. */
  cover?: string;
  /** How wide the picture is shown, for the browser to choose an uploaded cover's width. */
  sizes?: string;
  /** The item's `imageAlt`, or "" where the picture is decoration beside text that names it. */
  alt: string;
  /** The main picture of a page loads at once; pictures in lists load as they come into view. */
  lazy?: boolean;
  className?: string;
};

/**
 * A page's cover: the picture staff uploaded, as AVIF or WebP at the width the screen needs, or
 * else vector art the server draws for every page that shows one (api/cover), so an item added
 * to the database has its picture as soon as it has its page. Its width and height reserve its
 * space; the class gives the shape it is cropped to.
 */
export function CoverImage({
  route,
  cover,
  sizes = cardCoverSizes,
  alt,
  lazy = false,
  className = '',
}: CoverImageProps) {
  const img = (
    <img
      src={cover ? uploadedCoverPath(cover, '800.webp') : coverPath(route)}
      width={coverSize.width}
      height={coverSize.height}
      alt={alt}
      {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
      className={`block h-auto bg-hero object-cover dark:ring-1 dark:ring-line ${className}`}
    />
  );
  if (!cover) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={uploadedCoverSrcSet(cover, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={uploadedCoverSrcSet(cover, 'webp')} sizes={sizes} />
      {img}
    </picture>
  );
}
