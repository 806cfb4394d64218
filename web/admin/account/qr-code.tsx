import { generate } from 'lean-qr';

/** A QR code drawn as one SVG path: dark modules on a light square with a quiet zone. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const code = generate(text);
  const quiet = 4;
  const size = code.size + quiet * 2;
  let d = '';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }
  }
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-auto w-48 max-w-full rounded-lg"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#0d1b2a" />
    </svg>
  );
}
