import { expect } from 'vitest';

/**
 * Checks a rendered page's outline: exactly one h1, first, and no level skipped on the way down
 * (an h3 follows an h2 or another h3, never an h1).
 */
export function expectSoundOutline(container: HTMLElement, label = ''): void {
  const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
    Number(heading.tagName[1]),
  );
  expect(
    levels.filter((level) => level === 1),
    `${label} h1 count`,
  ).toHaveLength(1);
  expect(levels[0], `${label} first heading`).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level - levels[index - 1]!, `${label} heading ${index}`).toBeLessThan(2);
  });
}
