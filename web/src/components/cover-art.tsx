import type { ReactNode } from 'react';

type CoverArtProps = {
  /** What the picture is generated from; the same seed always draws the same picture. */
  seed: string;
  /** A description for assistive technology; without it the picture is decoration. */
  label?: string;
  className?: string;
};

/** FNV-1a: a small, stable hash, so a slug always picks the same pattern. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const width = 400;
const height = 225;

type Draw = (next: () => number) => ReactNode;

const patterns: Draw[] = [
  // A grid of dots, some grown into rings.
  (next) => {
    const shapes: ReactNode[] = [];
    for (let row = 0; row < 6; row++) {
      for (let col = 0; col < 10; col++) {
        const x = 20 + col * 40;
        const y = 20 + row * 38;
        const roll = next();
        if (roll > 0.86)
          shapes.push(<circle key={`${row}-${col}`} cx={x} cy={y} r="13" className="cover-line" />);
        else
          shapes.push(
            <circle
              key={`${row}-${col}`}
              cx={x}
              cy={y}
              r={roll > 0.6 ? 4 : 2}
              className={roll > 0.78 ? 'cover-accent' : 'cover-soft'}
            />,
          );
      }
    }
    return shapes;
  },
  // Concentric arcs from a corner.
  (next) => {
    const cx = next() > 0.5 ? width : 0;
    const cy = next() > 0.5 ? height : 0;
    return Array.from({ length: 9 }, (_, i) => (
      <circle
        key={i}
        cx={cx}
        cy={cy}
        r={40 + i * 36}
        className={i === 3 + Math.floor(next() * 4) ? 'cover-line-accent' : 'cover-line'}
      />
    ));
  },
  // Diagonal bands.
  (next) => {
    const accent = Math.floor(next() * 8);
    return (
      <g transform={`rotate(${next() > 0.5 ? 30 : -30} 200 112)`}>
        {Array.from({ length: 8 }, (_, i) => (
          <rect
            key={i}
            x={-120 + i * 85}
            y="-200"
            width={12 + Math.round(next() * 30)}
            height="640"
            className={i === accent ? 'cover-accent' : 'cover-soft'}
          />
        ))}
      </g>
    );
  },
  // A field of triangles.
  (next) => {
    const shapes: ReactNode[] = [];
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 9; col++) {
        const x = col * 50 - (row % 2) * 25;
        const y = row * 50;
        const roll = next();
        if (roll < 0.35) continue;
        const up = (row + col) % 2 === 0;
        const points = up
          ? `${x},${y + 44} ${x + 25},${y + 4} ${x + 50},${y + 44}`
          : `${x},${y + 4} ${x + 25},${y + 44} ${x + 50},${y + 4}`;
        shapes.push(
          <polygon
            key={`${row}-${col}`}
            points={points}
            className={roll > 0.9 ? 'cover-accent' : roll > 0.6 ? 'cover-soft' : 'cover-line'}
          />,
        );
      }
    }
    return shapes;
  },
  // Nested shields, the firm's mark, over a dotted horizon.
  (next) => {
    const x = 250 + Math.round(next() * 80);
    const shield = (size: number) =>
      `M${x} ${112 - size}l${size * 0.85} ${size * 0.32}v${size * 0.62}c0 ${size * 0.55}-${size * 0.36} ${size * 0.95}-${size * 0.85} ${size * 1.1}c-${size * 0.49}-${size * 0.15}-${size * 0.85}-${size * 0.55}-${size * 0.85}-${size * 1.1}v-${size * 0.62}Z`;
    return (
      <>
        {[90, 66, 42].map((size, i) => (
          <path
            key={size}
            d={shield(size)}
            className={i === 1 ? 'cover-line-accent' : 'cover-line'}
          />
        ))}
        {[150, 175, 200].map((y) => (
          <path key={y} d={`M0 ${y}H${width}`} className="cover-line" strokeDasharray="2 10" />
        ))}
      </>
    );
  },
];

/**
 * A generated cover picture in the brand's colours: an abstract pattern chosen and varied by
 * the seed. No image file, no request, and the same drawing on the server and in the browser.
 */
export function CoverArt({ seed, label, className = '' }: CoverArtProps) {
  const value = hash(seed);
  const draw = patterns[value % patterns.length]!;
  const labelled = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid slice"
      focusable="false"
      className={`block dark:ring-1 dark:ring-line ${className}`}
      {...labelled}
    >
      <rect width={width} height={height} className="cover-ground" />
      <circle
        cx={(value >>> 4) % width}
        cy={(value >>> 12) % height}
        r="170"
        className="cover-glow"
      />
      {draw(random(value))}
    </svg>
  );
}
