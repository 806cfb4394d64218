import { describe, expect, it } from 'vitest';
import { fitWithin, maxPictureSide } from './avatar-picture';

describe('fitWithin', () => {
  it.each([
    // A 12-megapixel phone photo, landscape and portrait.
    [4032, 3024, { width: 1024, height: 768 }],
    [3024, 4032, { width: 768, height: 1024 }],
    // Already small enough: never enlarged.
    [800, 600, { width: 800, height: 600 }],
    [1024, 1024, { width: 1024, height: 1024 }],
    // A thin panorama keeps at least one pixel.
    [20000, 10, { width: 1024, height: 1 }],
  ])('%i × %i fits as %o', (width, height, expected) => {
    expect(fitWithin(width, height, maxPictureSide)).toEqual(expected);
  });
});
