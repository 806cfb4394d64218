import type { i18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { mainContentId, SkipLink } from './components/skip-link';
import { PageContext } from './page-context';
import type { PageProps } from './page-props';
import { pageForKind } from './pages/page-for-kind';
import { NotFoundPage } from './pages/not-found-page';

type AppProps = { props: PageProps; i18n: i18n };

/** The whole page inside #root, identical on the server and in the browser. */
export function App({ props, i18n }: AppProps) {
  const Page = pageForKind[props.page.kind] ?? NotFoundPage;
  // Effects run only in the browser, after hydration: a signal for tests and tooling that the
  // page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <PageContext value={props}>
        <div className="flex min-h-dvh flex-col">
          <SkipLink />
          <SiteHeader />
          <main id={mainContentId} tabIndex={-1} className="flex-1 outline-none">
            <Page />
          </main>
          <SiteFooter />
        </div>
      </PageContext>
    </I18nextProvider>
  );
}
