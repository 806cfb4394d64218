import { useEffect, type ComponentType } from 'react';
import type { Translator } from '../shared/i18n/i18n';
import { TranslationProvider } from '../shared/i18n/translation';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { mainContentId, SkipLink } from './layout/skip-link';
import { Toaster } from './layout/toasts';
import { PageContext } from './pages/page-context';
import type { PageProps } from './pages/page-props';
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
