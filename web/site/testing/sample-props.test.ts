import { describe, expect, it } from 'vitest';
import { collectionRoutes, sampleItems, samplePageProps, sampleNow } from './sample-props';

describe('samplePageProps', () => {
  it('gives a page its content file and a list page its items', () => {
    const about = samplePageProps({ route: '/about-us' });
    expect(about.page.content?.title).toBeTruthy();
    expect(about.page.items).toEqual([]);
    const news = samplePageProps({ route: '/resources/news', locale: 'fr' });
    expect(news.page.collection).toBe('news');
    expect(news.page.items.length).toBeGreaterThan(0);
    expect(news.page.contentLocale).toBe('en');
  });

  it('builds item pages with the item as the last breadcrumb', () => {
    const [first] = sampleItems('vacancies');
    const props = samplePageProps({ route: first!.route, locale: 'ar' });
    expect(props.page.kind).toBe('vacancy');
    expect(props.page.path).toBe(`/ar${first!.route}`);
    expect(props.page.breadcrumbs.at(-1)).toEqual({ translationKey: '', name: first!.title });
    expect(props.canonical).toBe(`http://localhost:8080/ar${first!.route}`);
  });

  it('answers an unknown item like an unknown page', () => {
    const props = samplePageProps({ route: `${collectionRoutes.blogs}/no-such-post` });
    expect(props.status).toBe(404);
  });
});

describe('sampleItems', () => {
  it('orders lists newest first', () => {
    const dates = sampleItems('news').map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('puts webinars to come first, soonest first, then past ones, newest first', () => {
    const items = sampleItems('webinars');
    const upcoming = items.filter((item) => item.upcoming);
    const past = items.filter((item) => !item.upcoming);
    expect(items).toEqual([...upcoming, ...past]);
    const time = (date: string) => Date.parse(date);
    for (const item of upcoming) expect(time(item.date)).toBeGreaterThan(sampleNow);
    expect(upcoming.map((item) => time(item.date))).toEqual(
      upcoming.map((item) => time(item.date)).sort((a, b) => a - b),
    );
    expect(past.map((item) => time(item.date))).toEqual(
      past.map((item) => time(item.date)).sort((a, b) => b - a),
    );
  });
});
