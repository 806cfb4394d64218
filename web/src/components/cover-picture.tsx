import {
  coverFallbackWidth,
  coverFormats,
  coverHeight,
  coverPath,
  coverWidths,
} from '../cover-art.mjs';

type CoverPictureProps = {
  collection: string;
  slug: string;
  /** The item's `imageAlt`, or "" where the text beside the picture already says what it shows. */
  alt: string;
  /** The `sizes` of the sources: how wide the picture is shown at each viewport width. */
  sizes: string;
  /** The main picture of a page loads at once; pictures in lists load as they come into view. */
  lazy?: boolean;
  className?: string;
};

/**
 * A content item's cover as the raster files the build writes (ssr/build-images.mjs): AVIF and
 * WebP at several widths, with a WebP fallback whose width and height reserve its space.
 */
export function CoverPicture({
  collection,
  slug,
  alt,
  sizes,
  lazy = false,
  className = '',
}: CoverPictureProps) {
  const srcSet = (ext: string) =>
    coverWidths.map((width) => `${coverPath(collection, slug, width, ext)} ${width}w`).join(', ');
  return (
    <picture>
      {coverFormats.map(({ ext, type }) => (
        <source key={ext} type={type} srcSet={srcSet(ext)} sizes={sizes} />
      ))}
      <img
        src={coverPath(collection, slug, coverFallbackWidth, 'webp')}
        width={coverFallbackWidth}
        height={coverHeight(coverFallbackWidth)}
        alt={alt}
        {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
        className={`block h-auto bg-hero object-cover dark:ring-1 dark:ring-line ${className}`}
      />
    </picture>
  );
}
