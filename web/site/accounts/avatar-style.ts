/**
 * Avatar backgrounds: five colours, each with white initials at a contrast ratio of at least
 * 4.5:1 (WCAG AA for normal text; tested in avatar-style.test.ts).
 */
export const avatarColours = ['#0b5cad', '#0a6663', '#6d3fa0', '#b3261e', '#8a4b08'] as const;

/** Initials: the first letters of the first and last words of the trimmed name, upper case. */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The sum of the name's UTF-16 code units, modulo the number of colours. */
export function avatarColourIndex(fullName: string): number {
  const name = fullName.trim();
  let sum = 0;
  for (let i = 0; i < name.length; i++) sum += name.charCodeAt(i);
  return sum % avatarColours.length;
}

export function avatarColour(fullName: string): string {
  return avatarColours[avatarColourIndex(fullName)]!;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
