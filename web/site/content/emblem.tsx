import type { Credential } from '../pages/page-props';

type EmblemProps = {
  shape: Credential['emblemShape'];
  /** A few letters or digits, such as "ASV" or "LA 27001"; a space breaks it into two lines. */
  mark: string;
  className?: string;
};

/** The points of a seal's notched rim: `teeth` notches around a circle. */
function sealRim(teeth: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < teeth * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / teeth - Math.PI / 2;
    points.push(
      `${(60 + radius * Math.cos(angle)).toFixed(1)},${(60 + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return points.join(' ');
}

const outlines: Record<Credential['emblemShape'], { outer: string; inner: string; textY: number }> =
  {
    shield: {
      outer: 'M60 6 104 22v36c0 29-19 48-44 56C35 106 16 87 16 58V22Z',
      inner: 'M60 15 96 28v30c0 24-15 40-36 47-21-7-36-23-36-47V28Z',
      textY: 56,
    },
    hexagon: {
      outer: 'M60 6 107 33v54L60 114 13 87V33Z',
      inner: 'M60 15 99 38v44L60 105 21 82V38Z',
      textY: 60,
    },
    seal: { outer: '', inner: '', textY: 60 },
    ribbon: {
      outer: 'M38 84 28 114l14-7 9 12 9-30M82 84l10 30-14-7-9 12-9-30',
      inner: '',
      textY: 52,
    },
  };

/**
 * A credential's emblem, drawn for the site from a shape and a short mark: the firm's own art,
 * never the issuer's logo. It stands beside the credential's name, so it is decoration.
 */
export function Emblem({ shape, mark, className = 'size-16' }: EmblemProps) {
  const outline = outlines[shape] ?? outlines.shield;
  const lines = mark.trim().split(/\s+/).slice(0, 2);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = longest <= 3 ? 26 : longest <= 4 ? 22 : 18;
  const lineHeight = size + 2;
  const firstY = outline.textY - ((lines.length - 1) * lineHeight) / 2 + size / 3;
  return (
    <svg
      viewBox="0 0 120 120"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${className}`}
    >
      {shape === 'seal' && (
        <>
          <polygon
            points={sealRim(18, 56, 49)}
            className="fill-accent-soft stroke-accent"
            strokeWidth="2"
          />
          <circle
            cx="60"
            cy="60"
            r="40"
            className="fill-none stroke-accent"
            strokeWidth="1.5"
            strokeDasharray="2 4"
          />
        </>
      )}
      {shape === 'ribbon' && (
        <>
          <path
            d={outline.outer}
            className="fill-accent stroke-accent"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle
            cx="60"
            cy="52"
            r="44"
            className="fill-accent-soft stroke-accent"
            strokeWidth="2.5"
          />
          <circle cx="60" cy="52" r="36" className="fill-none stroke-accent" strokeWidth="1.5" />
        </>
      )}
      {(shape === 'shield' || shape === 'hexagon') && (
        <>
          <path
            d={outline.outer}
            className="fill-accent-soft stroke-accent"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <path
            d={outline.inner}
            className="fill-none stroke-accent"
            strokeWidth="1.2"
            strokeLinejoin="round"
            strokeDasharray="3 3"
          />
        </>
      )}
      <text
        x="60"
        y={firstY}
        textAnchor="middle"
        direction="ltr"
        fontSize={size}
        fontWeight="700"
        letterSpacing="0.5"
        className="fill-accent font-sans"
      >
        {lines.map((line, index) => (
          <tspan key={index} x="60" dy={index === 0 ? 0 : lineHeight}>
            {line}
          </tspan>
        ))}
      </text>
    </svg>
  );
}
