// @vitest-environment jsdom
import { blockTexts } from '../../shared/prose/prose';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VacancyContent } from '../content/content';
import { formatDate } from '../i18n/formatting';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { sampleItemRoutes, samplePageProps } from '../testing/sample-props';
import VacancyPage, { vacancySlug } from './vacancy-page';

const route = sampleItemRoutes.find((path) => path.startsWith('/careers/jop-vacancies/'))!;

describe('VacancyPage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`shows the role, what it asks and offers, and where to apply, in ${locale}`, () => {
      const props = samplePageProps({ route, locale });
      const content = props.page.content as VacancyContent;
      const { container } = renderInPage(<VacancyPage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.textContent).toContain(content.summary);
      expect(container.textContent).toContain(content.department);
      for (const date of [content.datePosted, content.validThrough]) {
        expect(container.querySelector(`time[datetime="${date}"]`)!.textContent).toBe(
          formatDate(date, locale),
        );
      }
      for (const text of [
        ...blockTexts(content.description),
        ...content.responsibilities,
        ...content.requirements,
        ...(content.niceToHave ?? []),
        ...content.benefits,
      ]) {
        expect(container.textContent).toContain(text);
      }
      const apply = screen.getByRole('link', {
        name: locale === 'en' ? 'Apply for this role' : 'قدّم على هذه الوظيفة',
      });
      // The aside's action leads to the form on the same page.
      expect(apply.getAttribute('href')).toBe('#apply');
      const panel = container.querySelector('section#apply')!;
      expect(panel.querySelector('form')).not.toBeNull();
      expect(panel.querySelector('input[type="file"][name="cv"]')).not.toBeNull();
    });
  }

  it('takes applications through the closing date, and shows a note instead of the form after it', () => {
    const props = samplePageProps({ route, locale: 'en' });
    props.page.content = { ...props.page.content!, validThrough: '2999-12-31' };
    const open = renderInPage(<VacancyPage />, props);
    expect(open.container.querySelector('#apply form')).not.toBeNull();
    open.unmount();

    props.page.content = { ...props.page.content!, validThrough: '2020-03-31' };
    const { container } = renderInPage(<VacancyPage />, props);
    const panel = container.querySelector('section#apply')!;
    expect(panel.querySelector('form')).toBeNull();
    expect(panel.textContent).toContain('Applications for this role have closed.');
    expect(panel.textContent).toContain('The closing date was 31 March 2020.');
  });

  it('names the vacancy by the last segment of its route', () => {
    expect(vacancySlug('/careers/jop-vacancies/it-auditor-cairo')).toBe('it-auditor-cairo');
    expect(vacancySlug('/careers/jop-vacancies/it-auditor-cairo/')).toBe('it-auditor-cairo');
  });

  it('names the office and the employment type in the page language', () => {
    const props = samplePageProps({ route, locale: 'nl' });
    props.page.content = { ...props.page.content!, office: 'cairo', employmentType: 'Part-time' };
    const { container } = renderInPage(<VacancyPage />, props);
    expect(container.querySelector('dl')!.textContent).toContain('Caïro');
    expect(container.querySelector('dl')!.textContent).toContain('Deeltijd');
  });

  it('states the pay in the page language, and nothing for a vacancy without one', () => {
    const dubai = '/careers/jop-vacancies/iso-lead-implementer-dubai';
    const en = renderInPage(<VacancyPage />, samplePageProps({ route: dubai, locale: 'en' }));
    const fact = (container: HTMLElement, term: string) =>
      [...container.querySelectorAll('dt')].find((dt) => dt.textContent === term)
        ?.nextElementSibling?.textContent;
    expect(fact(en.container, 'Salary')).toBe('AED\u00a030,000–38,000 a month');
    en.unmount();
    const ar = renderInPage(<VacancyPage />, samplePageProps({ route: dubai, locale: 'ar' }));
    expect(fact(ar.container, 'الراتب')).toMatch(/^\S*30,000–38,000\sد\.إ\.\S* شهريًا$/);
    ar.unmount();

    const props = samplePageProps({ route: dubai, locale: 'en' });
    const { baseSalary: _, ...unpaid } = props.page.content!;
    props.page.content = unpaid;
    const { container } = renderInPage(<VacancyPage />, props);
    expect(fact(container, 'Salary')).toBeUndefined();
  });
});
