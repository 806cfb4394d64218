import { portraitPath, portraitSize } from '../../shared/ui/cover-image';

type PortraitProps = {
  /** A person's slug, or `client-` and a testimonial's id. */
  drawnAs: string;
  /** "" beside text that names the person. */
  alt: string;
  lazy?: boolean;
  className?: string;
};

/** A person's portrait: monogram art the server draws for them (api/cover), never a photograph. */
export function Portrait({ drawnAs, alt, lazy = true, className = '' }: PortraitProps) {
  return (
    <img
      src={portraitPath(drawnAs)}
      width={portraitSize}
      height={portraitSize}
      alt={alt}
      {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
      className={`block bg-hero object-cover ${className}`}
    />
  );
}
