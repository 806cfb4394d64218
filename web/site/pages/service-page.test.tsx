// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceContent } from '../content/content';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import ServicePage from './service-page';

const cases: [string, Locale][] = [
  ['/services/cybersecurity-services/penetration-testing', 'en'],
  ['/services/cybersecurity-services/penetration-testing', 'ar'],
  ['/compliance/iso-standards/iso-27001', 'en'],
  ['/compliance/iso-standards/iso-27001', 'ar'],
];

describe('ServicePage', () => {
  for (const [route, locale] of cases) {
    it(`shows every part of ${route} in ${locale}`, () => {
      const props = samplePageProps({ route, locale });
      const content = props.page.content as ServiceContent;
      const { container } = renderInPage(<ServicePage />, props);
      expectSoundOutline(container, route);

      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(content.summary);
      for (const paragraph of content.what) expect(container.textContent).toContain(paragraph);
      expect(container.textContent).toContain(content.who.intro);

      const section = (id: string) => container.querySelector<HTMLElement>(`section#${id}`)!;
      expect(within(section('who')).getAllByRole('listitem')).toHaveLength(
        content.who.items.length,
      );
      const steps = section('approach').querySelectorAll('ol > li');
      expect(steps).toHaveLength(content.approach.length);
      expect(
        within(section('approach')).getAllByRole('heading', { level: 3 })[0]!.textContent,
      ).toContain(content.approach[0]!.title);
      expect(within(section('deliverables')).getAllByRole('listitem')).toHaveLength(
        content.deliverables.length,
      );
      expect(within(section('benefits')).getAllByRole('heading', { level: 3 })).toHaveLength(
        content.benefits.length,
      );

      const questions = [...section('faqs').querySelectorAll('details > summary')].map(
        (summary) => summary.textContent,
      );
      expect(questions).toEqual(content.faqs!.map((faq) => faq.question));

      const prefix = locale === 'en' ? '' : `/${locale}`;
      const related = within(section('related')).getAllByRole('link');
      expect(related.map((link) => link.getAttribute('href'))).toEqual(
        content.related!.map((target) => prefix + target),
      );
      expect(related.every((link) => link.textContent!.trim() !== '')).toBe(true);

      const cta = screen.getByRole('region', { name: content.cta!.heading });
      expect(within(cta).getByRole('link').getAttribute('href')).toBe(
        `${prefix}/forms#proposal${route}`,
      );
      expect(cta.textContent).toContain(content.cta!.text);

      const contents = screen.getByRole('navigation', {
        name: locale === 'en' ? 'On this page' : 'في هذه الصفحة',
      });
      expect(within(contents).getAllByRole('link')[0]!.getAttribute('href')).toBe('#what');
    });
  }

  it('names its sections and related pages in the page language', () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/penetration-testing',
      locale: 'ar',
    });
    renderInPage(<ServicePage />, props);
    expect(screen.getByRole('heading', { name: 'منهجيتنا' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'الأسئلة الشائعة' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تقييم الثغرات الأمنية' })).toBeTruthy();
  });

  it('offers a consultant beside the text: the request for proposal with this service chosen', () => {
    const route = '/services/cybersecurity-services/penetration-testing';
    for (const [locale, heading, action, prefix] of [
      ['en', 'Talk to a consultant', 'Request a proposal', ''],
      ['ar', 'تحدّث إلى مستشار', 'اطلب عرضًا', '/ar'],
    ] as const) {
      const props = samplePageProps({ route, locale });
      const { unmount } = renderInPage(<ServicePage />, props);
      const card = screen.getByRole('region', { name: heading });
      expect(within(card).getByRole('link', { name: action }).getAttribute('href')).toBe(
        `${prefix}/forms#proposal${route}`,
      );
      const hrefs = within(card)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toContain(`mailto:${props.site.email}`);
      expect(hrefs).toContain(`tel:${props.site.phone.replace(/[^\d+]/g, '')}`);
      unmount();
    }
  });

  it('marks English content on an Arabic page as English, left to right', () => {
    const props = samplePageProps({ route: '/compliance/iso-standards/iso-27001', locale: 'ar' });
    renderInPage(<ServicePage />, props);
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(title.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('heading', { name: 'نبذة عن المعيار' }).closest('[lang]')).toBeNull();
  });

  it('shows the heading from the menu when the page has no content yet', () => {
    const props = samplePageProps({ route: '/compliance/iso-standards/iso-27001', locale: 'nl' });
    props.page.content = null;
    const { container } = renderInPage(<ServicePage />, props);
    expectSoundOutline(container);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ISO/IEC 27001');
  });
});
