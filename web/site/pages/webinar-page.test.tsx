// @vitest-environment jsdom
import { blockTexts } from '../../shared/prose/prose';
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebinarContent } from '../content/content';
import { resourcesFor } from '../entry-server';
import { formatDateTime } from '../i18n/formatting';
import { createI18n } from '../../shared/i18n/i18n';
import { PageContext } from './page-context';
import type { Locale, PageProps } from './page-props';
import { expectSoundOutline } from '../testing/headings';
import { renderInPage } from '../testing/render-page';
import { sampleItemRoutes, samplePageProps } from '../testing/sample-props';
import { TranslationProvider } from '../../shared/i18n/translation';
import WebinarPage from './webinar-page';

const route = sampleItemRoutes.find((path) => path.startsWith('/resources/webinars/'))!;

afterEach(() => {
  vi.useRealTimers();
});

describe('WebinarPage', () => {
  for (const locale of ['en', 'ar'] as Locale[]) {
    it(`shows when, how long, in which language, who speaks and the agenda, in ${locale}`, () => {
      const props = samplePageProps({ route, locale });
      const content = props.page.content as WebinarContent;
      const { container } = renderInPage(<WebinarPage />, props);
      expectSoundOutline(container);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.title);
      expect(container.querySelector(`time[datetime="${content.start}"]`)!.textContent).toBe(
        formatDateTime(content.start, locale),
      );
      expect(container.textContent).toContain(String(content.durationMinutes));
      for (const speaker of content.speakers) {
        expect(container.textContent).toContain(speaker.name);
        expect(container.textContent).toContain(speaker.role);
      }
      const agenda = container.querySelector('section#agenda ol')!;
      expect(agenda.children).toHaveLength(content.agenda.length);
      for (const paragraph of blockTexts(content.body))
        expect(container.textContent).toContain(paragraph);
    });
  }

  it('says whether the webinar is still to come by the visitor’s clock, after hydration', async () => {
    const props = samplePageProps({ route });
    props.page.content = { ...props.page.content!, start: '2026-12-09T10:00:00+04:00' };
    // The other webinars at the end carry the server's word on each; this is about the page's own.
    props.page.related = [];
    expect(renderToString(<Probe props={props} />)).not.toMatch(/Upcoming|Past/);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T00:00:00Z'));
    const before = renderInPage(<WebinarPage />, props);
    await act(async () => {});
    expect(screen.getByText('Upcoming')).toBeTruthy();
    before.unmount();

    vi.setSystemTime(new Date('2026-12-10T00:00:00Z'));
    renderInPage(<WebinarPage />, props);
    await act(async () => {});
    expect(screen.getByText('Past')).toBeTruthy();
  });

  it('offers registration until the webinar starts, then says it has taken place', async () => {
    const props = samplePageProps({ route });
    props.page.content = { ...props.page.content!, start: '2026-12-09T10:00:00+04:00' };
    const server = renderToString(<Probe props={props} />);
    expect(server).toContain('id="register"');
    expect(server).toMatch(/<form/);
    expect(server).toContain('href="#register"');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T00:00:00Z'));
    const before = renderInPage(<WebinarPage />, props);
    await act(async () => {});
    expect(before.container.querySelector('section#register form')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register now' }).getAttribute('href')).toBe(
      '#register',
    );
    before.unmount();

    vi.setSystemTime(new Date('2026-12-10T00:00:00Z'));
    const after = renderInPage(<WebinarPage />, props);
    await act(async () => {});
    expect(after.container.querySelector('section#register form')).toBeNull();
    expect(screen.getByRole('heading', { name: 'This webinar has taken place' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'other webinars' }).getAttribute('href')).toBe(
      '/resources/webinars',
    );
  });
});

/** The page as the server renders it, before any browser clock is read. */
function Probe({ props }: { props: PageProps }) {
  return (
    <TranslationProvider
      i18n={createI18n(props.locale, resourcesFor(props.locale, props.page.kind))}
    >
      <PageContext value={props}>
        <WebinarPage />
      </PageContext>
    </TranslationProvider>
  );
}
