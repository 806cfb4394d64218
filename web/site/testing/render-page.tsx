import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { TranslationProvider } from '../../shared/i18n/translation';
import { resourcesFor } from '../entry-server';
import { createI18n } from '../../shared/i18n/i18n';
import { PageContext } from '../pages/page-context';
import type { PageProps } from '../pages/page-props';

/** Renders a component inside the page context and translations of the given props. */
export function renderInPage(ui: ReactNode, props: PageProps): RenderResult {
  const i18n = createI18n(props.locale, resourcesFor(props.locale, props.page.kind));
  return render(
    <TranslationProvider i18n={i18n}>
      <PageContext value={props}>{ui}</PageContext>
    </TranslationProvider>,
  );
}
