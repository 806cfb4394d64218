import './styles.css';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createI18n } from './i18n';
import type { PagePayload } from './page-props';

const payloadElement = document.getElementById('page-props');
const rootElement = document.getElementById('root');

if (payloadElement?.textContent && rootElement) {
  const { props, resources } = JSON.parse(payloadElement.textContent) as PagePayload;
  hydrateRoot(rootElement, <App props={props} i18n={createI18n(props.locale, resources)} />);
}
