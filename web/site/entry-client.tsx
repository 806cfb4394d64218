import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { checkSessionIfLoggedIn } from './session/session-check';
import { App } from './app';
import { createI18n } from '../shared/i18n/i18n';
import type { PagePayload } from './pages/page-props';
import { pageModulePath } from './pages/page-modules';

// Each page module is a chunk of its own, which only its pages load.
const pageModules = import.meta.glob<ComponentType>('./pages/*-page.tsx', { import: 'default' });

const payloadElement = document.getElementById('page-props');
const rootElement = document.getElementById('root');

async function hydrate(root: HTMLElement, payload: PagePayload) {
  const { props, resources } = payload;
  // The page is the same for everyone: the stored entry said who is logged in, the server confirms.
  checkSessionIfLoggedIn();
  const load = pageModules[pageModulePath(props.page.kind)];
  if (!load) throw new Error(`no page module for kind ${props.page.kind}`);
  const Page = await load();
  // As a transition, React hydrates in slices and lets the browser in between (a press
  // meanwhile hydrates its part first), instead of in one long task.
  startTransition(() => {
    hydrateRoot(root, <App props={props} i18n={createI18n(props.locale, resources)} Page={Page} />);
  });
}

if (payloadElement?.textContent && rootElement) {
  void hydrate(rootElement, JSON.parse(payloadElement.textContent) as PagePayload);
}
