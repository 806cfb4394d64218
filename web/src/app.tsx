import { useEffect, type ComponentType } from 'react';
import type { Translator } from './i18n';
import { TranslationProvider } from './translation';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { mainContentId, SkipLink } from './components/skip-link';
import { Toaster } from './components/toasts';
import { PageContext } from './page-context';
import type { PageProps } from './page-props';
import { Island } from './islands/island';

type AppProps = { props: PageProps; i18n: Translator; Page: ComponentType };

/** The whole page inside #root, identical on the server and in the browser. */
export function App({ props, i18n, Page }: AppProps) {
  // Effects run only in the browser, after hydration: a signal for tests and tooling that the
  // page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <TranslationProvider i18n={i18n}>
      <PageContext value={props}>
        <div className="flex min-h-dvh flex-col">
          <SkipLink />
          <SiteHeader />
          <main id={mainContentId} tabIndex={-1} className="flex-1 outline-none">
            <Page />
          </main>
          <SiteFooter />
        </div>
        <Island name="toaster" component={Toaster} props={{}} />
      </PageContext>
    </TranslationProvider>
  );
}
