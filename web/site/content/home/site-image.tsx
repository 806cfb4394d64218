import images from 'virtual:site-images';

type SiteImageProps = {
  /** The image's path under web/site/images, as content names it (logos/clients/x.svg). */
  src: string;
  alt: string;
  /** Rendered height in CSS px; the width follows the drawing's proportions. */
  height?: number;
  lazy?: boolean;
  className?: string;
  title?: string;
  /** The page's largest picture: fetched first, never lazily. */
  priority?: boolean;
};

/** The address of a drawing under web/site/images, or undefined when there is none by that path. */
export function siteImageUrl(src: string): string | undefined {
  return images[src]?.url;
}

/**
 * A drawing from web/site/images with its width and height set, so the page reserves its space
 * before it loads. Content naming a file that does not exist shows nothing.
 */
export function SiteImage({
  src,
  alt,
  height,
  lazy = true,
  className,
  title,
  priority = false,
}: SiteImageProps) {
  const image = images[src];
  if (!image) return null;
  const h = height ?? image.height;
  const w = Math.round((image.width * h) / image.height);
  return (
    <img
      src={image.url}
      width={w}
      height={h}
      alt={alt}
      title={title}
      className={className}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...(lazy && !priority ? { loading: 'lazy' as const, decoding: 'async' as const } : {})}
    />
  );
}
