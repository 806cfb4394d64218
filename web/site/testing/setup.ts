import { afterEach, vi } from 'vitest';

// The captcha widget's module starts web workers as it loads, which jsdom cannot run: pages with
// a form get its two helpers without the widget, whose element then stays an inert placeholder.
// The browser tests (web/e2e) run the real widget.
vi.mock('../../shared/form-kit/altcha-widget', () => ({
  setWidgetStrings: () => {},
  challengeFetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
}));

// Unmount what each jsdom test rendered, so tests never see each other's DOM. The stylesheet that
// shows one of the header's two account states is the site's own, so tests see the state a visitor
// sees.
if (typeof document !== 'undefined') {
  const { readFileSync } = await import('node:fs');
  const style = document.createElement('style');
  style.textContent = readFileSync('web/site/layout/account-state.css', 'utf8'); // from the repository root

  document.head.append(style);
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.documentElement.className = '';
    delete document.documentElement.dataset.hydrated;
  });
}
