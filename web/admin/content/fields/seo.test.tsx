// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldSpec } from '../../api';
import { LangContext } from '../../shell/lang';
import { ListingTarget, SeoEditor, publicAddress } from './seo';

const spec: FieldSpec = { name: 'seo', kind: 'object', optional: true, fields: [] };
const story = {
  title: 'Cairo office moves to New Cairo',
  description: 'A larger office for the Cairo team, with a training room.',
  cover: 'ab'.repeat(16),
};

function draw(locale: string, value: unknown, lang = 'en', onChange = vi.fn()) {
  render(
    <LangContext.Provider value={lang}>
      <ListingTarget.Provider
        value={{
          collection: 'news',
          slug: 'cairo-office',
          locale,
          draft: story,
          english: undefined,
        }}
      >
        <SeoEditor
          spec={spec}
          path="seo"
          id="seo"
          label="Search listing"
          value={value}
          english={undefined}
          errors={{}}
          readOnly={false}
          onChange={onChange}
          renderFields={() => null}
        />
      </ListingTarget.Provider>
    </LangContext.Provider>,
  );
  return onChange;
}

const preview = (kind: string) => document.querySelector<HTMLElement>(`[data-preview="${kind}"]`)!;

describe('the search listing', () => {
  it('previews what the page shows without a listing of its own', () => {
    draw('en', undefined);
    const result = preview('search');
    expect(result.getAttribute('dir')).toBe('ltr');
    expect(result.textContent).toContain('/resources/news/cairo-office');
    expect(result.textContent).toContain('Cairo office moves to New Cairo | Noorvale');
    expect(result.textContent).toContain(story.description);
    const card = preview('card');
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      `/media/covers/${story.cover}/og.jpg`,
    );
    expect(screen.getByText('Length: 42. Search engines show about 60 characters.')).toBeTruthy();
  });

  it('follows the search title, description and picture, and cuts a long description', () => {
    const long = 'Audit '.repeat(40).trim();
    draw('en', { title: 'Our new Cairo office', description: long, image: 'site' });
    const result = preview('search');
    expect(within(result).getByText('Our new Cairo office')).toBeTruthy();
    expect(result.textContent).toContain('…');
    expect(result.textContent).not.toContain(long);
    expect(preview('card').querySelector('img')).toBeNull();
    expect(
      screen.getByText(/Length: 239. Search engines cut what goes past about 155 characters./),
    ).toBeTruthy();
  });

  it('shows an Arabic listing right to left at its Arabic address', () => {
    draw(
      'ar',
      { title: 'مكتبنا الجديد في القاهرة', description: 'مكتب أكبر لفريق القاهرة.' },
      'ar',
    );
    const result = preview('search');
    expect(result.getAttribute('dir')).toBe('rtl');
    expect(result.getAttribute('lang')).toBe('ar');
    expect(result.textContent).toContain('/ar/resources/news/cairo-office');
    expect(preview('card').getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'الظهور في محركات البحث' })).toBeTruthy();
  });

  it('sets noindex and leaves an emptied listing out', () => {
    const onChange = draw('en', { title: 'Our new Cairo office' });
    fireEvent.click(screen.getByLabelText('Hide from search engines (left out of the sitemap)'));
    expect(onChange).toHaveBeenLastCalledWith({ title: 'Our new Cairo office', noindex: true });
    fireEvent.change(screen.getByLabelText('Search title'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('names public addresses of pages and items in each language', () => {
    expect(publicAddress('https://noorvale.example', 'pages', '/about-us', 'fr')).toBe(
      'https://noorvale.example/fr/about-us',
    );
    expect(publicAddress('https://noorvale.example', 'vacancies', 'analyst', 'en')).toBe(
      'https://noorvale.example/careers/jop-vacancies/analyst',
    );
  });
});
