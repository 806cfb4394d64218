import { afterEach } from 'vitest';

// Unmount what each jsdom test rendered, so tests never see each other's DOM.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.documentElement.className = '';
    delete document.documentElement.dataset.hydrated;
  });
}
