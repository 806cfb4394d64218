// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CoverArt } from './cover-art';

describe('CoverArt', () => {
  it('draws the same picture for the same seed, and different ones for others', () => {
    const draw = (seed: string) => renderToStaticMarkup(<CoverArt seed={seed} />);
    expect(draw('iso-27001')).toBe(draw('iso-27001'));
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => `${seed}-webinar`);
    expect(new Set(seeds.map(draw)).size).toBe(seeds.length);
  });

  it('is decoration without a label, and a described picture with one', () => {
    const { container } = render(<CoverArt seed="news" />);
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    render(<CoverArt seed="news" label="A shield over a city skyline" />);
    expect(screen.getByRole('img', { name: 'A shield over a city skyline' })).toBeTruthy();
  });

  it('uses no inline styles and no external references', () => {
    const markup = renderToStaticMarkup(<CoverArt seed="policy" label="x" />);
    expect(markup).not.toMatch(/style=|href=|url\(/);
  });
});
