import { describe, expect, it } from 'vitest';
import { carouselWidths, slidesInView } from './carousel';

describe('slidesInView', () => {
  it('follows the specified responsive steps', () => {
    // News: 1 from 0, 2 from 600, 4 from 992 (eight slides).
    expect(slidesInView({ 0: 1, 600: 2, 992: 4 }, 8)).toEqual([1, 1, 2, 2, 4, 4]);
    // Partners: 2/3/4/5/5 at 0/576/768/992/1200.
    expect(slidesInView({ 0: 2, 576: 3, 768: 4, 992: 5, 1200: 5 }, 5)).toEqual([2, 3, 3, 4, 5, 5]);
    expect(carouselWidths).toEqual([0, 576, 600, 768, 992, 1200]);
  });

  it('never shows more slides than there are', () => {
    expect(slidesInView({ 0: 1, 576: 2, 768: 3 }, 2)).toEqual([1, 2, 2, 2, 2, 2]);
    expect(slidesInView({ 0: 2, 992: 5 }, 1)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
