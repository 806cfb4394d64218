// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { blockTexts } from '../../shared/prose/prose';
import { describe, expect, it } from 'vitest';
import type { BlogContent, NewsContent } from '../content/content';
import { formatDate } from '../i18n/formatting';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { sampleItemRoutes, samplePageProps } from '../testing/sample-props';
import ArticlePage from './article-page';

const first = (prefix: string) => sampleItemRoutes.find((route) => route.startsWith(prefix))!;

describe('ArticlePage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`shows a news story with its date, author and text, in ${locale}`, () => {
      const props = samplePageProps({ route: first('/resources/news/'), locale });
      const content = props.page.content as NewsContent;
      const { container } = renderInPage(<ArticlePage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.querySelector(`time[datetime="${content.date}"]`)!.textContent).toBe(
        formatDate(content.date, locale),
      );
      expect(container.textContent).toContain(content.author);
      for (const paragraph of blockTexts(content.body))
        expect(container.textContent).toContain(paragraph);
      const cover = screen.getByRole('img', { name: content.imageAlt });
      expect(cover.tagName).toBe('IMG');
      expect(cover.getAttribute('src')).toBe(`/covers${props.page.route}.svg`);
      expect(cover.hasAttribute('loading')).toBe(false);
      expect(
        screen.getByRole('link', { name: locale === 'en' ? 'Back to News' : 'العودة إلى الأخبار' }),
      ).toBeTruthy();
    });

    it(`shows a blog post with its reading time, tags, sections and author, in ${locale}`, () => {
      const props = samplePageProps({ route: first('/resources/blogs/'), locale });
      const content = props.page.content as BlogContent;
      const { container } = renderInPage(<ArticlePage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(
        locale === 'en'
          ? `Reading time: ${content.readingMinutes} minutes`
          : `مدة القراءة: ${content.readingMinutes}`,
      );
      for (const tag of content.tags) expect(screen.getByText(tag)).toBeTruthy();
      for (const block of content.body.content) {
        if (block.type === 'heading') {
          const name = blockTexts({ type: 'doc', content: [block] })[0]!;
          expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();
        }
      }
      for (const paragraph of blockTexts(content.body))
        expect(container.textContent).toContain(paragraph);
      expect(container.textContent).toContain(content.author.role);
    });
  }

  it('ends with other stories as cards that link to their pages, in Arabic', () => {
    const props = samplePageProps({ route: first('/resources/news/'), locale: 'ar' });
    const related = props.page.related!;
    expect(related).toHaveLength(3);
    const { container } = renderInPage(<ArticlePage />, props);
    expectSoundOutline(container);
    const section = screen.getByRole('region', { name: 'المزيد من الأخبار' });
    const titles = [...section.querySelectorAll('h3')].map((heading) => heading.textContent);
    expect(titles).toEqual(related.map((item) => item.title));
    const links = [...section.querySelectorAll('h3 a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(related.map((item) => `/ar${item.route}`));
    expect(links).not.toContain(`/ar${props.page.route}`);
  });

  it('offers the story to share, by its address, and a blog post its contents', () => {
    const props = samplePageProps({ route: first('/resources/blogs/'), locale: 'fr' });
    const content = props.page.content as BlogContent;
    renderInPage(<ArticlePage />, props);
    const share = screen.getByRole('group', { name: 'Partager' });
    const address = encodeURIComponent(props.canonical);
    expect(
      within(share)
        .getByRole('link', { name: /LinkedIn/ })
        .getAttribute('href'),
    ).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${address}`);
    expect(within(share).getByRole('link', { name: /X/ }).getAttribute('href')).toContain(
      `url=${address}&text=${encodeURIComponent(content.title)}`,
    );
    expect(within(share).getByRole('button', { name: 'Copier le lien' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'Dans cet article' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(
      content.body.content.flatMap((block) =>
        block.type === 'heading' ? blockTexts({ type: 'doc', content: [block] }) : [],
      ),
    );
  });

  it('shows the item title as the last breadcrumb', () => {
    const props = samplePageProps({ route: first('/resources/news/'), locale: 'ar' });
    const { container } = renderInPage(<ArticlePage />, props);
    expect(container.querySelector('[aria-current="page"]')!.textContent).toBe(
      String(props.page.content!.title),
    );
  });
});
