// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InformationContent } from '../content/content';
import type { Locale } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import InformationPage from './information-page';

const texts: Record<string, InformationContent> = {
  en: {
    title: 'Our offices',
    metaTitle: 'Our offices',
    metaDescription: 'Where to find us.',
    summary: 'Three offices, one team.',
    body: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'London' }] },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'Our first office opened in 2009.' }],
        },
      ],
    },
  },
  ar: {
    title: 'مكاتبنا',
    summary: 'ثلاثة مكاتب وفريق واحد.',
    body: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'افتتح مكتبنا الأول عام 2009.' }] },
      ],
    },
  },
};

describe('InformationPage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`shows the title, summary and running text in ${locale}`, () => {
      const props = samplePageProps({ route: '/about-us', locale });
      props.page.kind = 'information';
      props.page.content = texts[locale]!;
      const { container } = renderInPage(<InformationPage />, props);
      expectSoundOutline(container, 'an information page');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(texts[locale]!.title);
      expect(container.textContent).toContain(texts[locale]!.summary);
      const paragraph =
        locale === 'en' ? 'Our first office opened in 2009.' : 'افتتح مكتبنا الأول عام 2009.';
      expect(container.textContent).toContain(paragraph);
    });
  }
});
