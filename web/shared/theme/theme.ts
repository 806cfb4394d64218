export type Theme = 'theme-light' | 'theme-dark';

/** Local-storage key holding the visitor's theme. */
export const themeStorageKey = 'theme';

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('theme-dark') ? 'theme-dark' : 'theme-light';
}

/** Puts the theme class on <html> and remembers it; storage may be unavailable (private mode). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement.classList;
  root.remove('theme-light', 'theme-dark');
  root.add(theme);
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // The theme still applies for this page view.
  }
}

/** Calls back whenever the class list of <html> changes. */
export function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
