// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListContent } from '../content/content';
import { formatDate } from '../i18n/formatting';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import ListPage from './list-page';

const lists = [
  '/resources/news',
  '/resources/blogs',
  '/resources/publications',
  '/resources/webinars',
  '/careers/jop-vacancies',
];

describe('ListPage', () => {
  for (const route of lists) {
    for (const locale of ['en', 'ar'] as Locale[]) {
      it(`introduces ${route} and shows a card per item, in ${locale}`, () => {
        const props = samplePageProps({ route, locale });
        const content = props.page.content as ListContent;
        const { container } = renderInPage(<ListPage />, props);
        expectSoundOutline(container, route);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
        for (const paragraph of content.intro) expect(container.textContent).toContain(paragraph);

        const cards = container.querySelectorAll('article');
        expect(cards).toHaveLength(props.page.items.length);
        props.page.items.forEach((item, index) => {
          const card = cards[index]!;
          const link = within(card).getByRole('link', { name: item.title });
          expect(link.getAttribute('href')).toBe((locale === 'en' ? '' : '/ar') + item.route);
          expect(card.textContent).toContain(item.description);
          expect(card.querySelector('time')!.getAttribute('datetime')).toBe(item.date);
          if (item.author) expect(card.textContent).toContain(item.author);
        });
      });
    }
  }

  it('writes dates in the page language', () => {
    const props = samplePageProps({ route: '/resources/news', locale: 'fr' });
    const { container } = renderInPage(<ListPage />, props);
    const first = props.page.items[0]!;
    expect(container.querySelector('time')!.textContent).toBe(formatDate(first.date, 'fr'));
  });

  it('marks webinars as upcoming or past', () => {
    const props = samplePageProps({ route: '/resources/webinars' });
    const { container } = renderInPage(<ListPage />, props);
    const badges = [...container.querySelectorAll('article')].map((card) =>
      within(card).queryByText('Upcoming')
        ? 'upcoming'
        : within(card).queryByText('Past')
          ? 'past'
          : '',
    );
    expect(badges).toEqual(props.page.items.map((item) => (item.upcoming ? 'upcoming' : 'past')));
    expect(badges).toContain('upcoming');
  });

  it('shows each vacancy’s office and employment type', () => {
    const props = samplePageProps({ route: '/careers/jop-vacancies', locale: 'ar' });
    const { container } = renderInPage(<ListPage />, props);
    const cities = { london: 'لندن', dubai: 'دبي', cairo: 'القاهرة' } as Record<string, string>;
    const types = {
      'Full-time': 'دوام كامل',
      'Part-time': 'دوام جزئي',
      Contract: 'بموجب عقد',
    } as Record<string, string>;
    [...container.querySelectorAll('article')].forEach((card, index) => {
      const item = props.page.items[index]!;
      expect(within(card).getByText(cities[item.office!]!)).toBeTruthy();
      expect(within(card).getByText(types[item.employmentType!]!)).toBeTruthy();
    });
  });

  it('says so when a list is empty', () => {
    const props = samplePageProps({ route: '/careers/jop-vacancies', locale: 'nl' });
    props.page.items = [];
    renderInPage(<ListPage />, props);
    expect(screen.getByText(/geen openstaande vacatures/)).toBeTruthy();
  });

  it('links the other pages of a long list, in the page language', () => {
    const props = samplePageProps({ route: '/resources/news', locale: 'fr' });
    props.page.route = '/resources/news/page/2';
    props.page.path = '/fr/resources/news/page/2';
    props.page.pagination = { page: 2, pages: 3 };
    renderInPage(<ListPage />, props);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/fr/resources/news',
      '/fr/resources/news',
      '/fr/resources/news/page/3',
      '/fr/resources/news/page/3',
    ]);
    expect(links[0]!.textContent).toBe('Précédent');
    expect(links[0]!.getAttribute('rel')).toBe('prev');
    expect(links.at(-1)!.getAttribute('rel')).toBe('next');
    expect(within(nav).getByText('Page 2').closest('[aria-current="page"]')).not.toBeNull();
  });

  it('shows no page links when the list fits one page', () => {
    const props = samplePageProps({ route: '/resources/news', locale: 'en' });
    props.page.pagination = { page: 1, pages: 1 };
    renderInPage(<ListPage />, props);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
