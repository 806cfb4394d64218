import { createElement } from 'react';
import { coverFrame, coverShapes } from '../cover-art.mjs';

type CoverArtProps = {
  /** What the picture is generated from; the same seed always draws the same picture. */
  seed: string;
  /** A description for assistive technology; without it the picture is decoration. */
  label?: string;
  className?: string;
};

/**
 * A generated cover picture in the brand's colours, drawn inline: no image file, no request,
 * and the same drawing on the server and in the browser. Content items show the same drawing
 * as raster files (see CoverPicture).
 */
export function CoverArt({ seed, label, className = '' }: CoverArtProps) {
  const labelled = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      viewBox={`0 0 ${coverFrame.width} ${coverFrame.height}`}
      preserveAspectRatio="xMidYMid slice"
      focusable="false"
      className={`block dark:ring-1 dark:ring-line ${className}`}
      {...labelled}
    >
      {coverShapes(seed).map(({ tag, attrs, tone }, index) =>
        createElement(tag, { key: index, ...attrs, className: `cover-${tone}` }),
      )}
    </svg>
  );
}
