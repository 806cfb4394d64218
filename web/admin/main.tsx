import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, themeStorageKey } from '../shared/theme/theme';
import { queryClient } from './shell/query-client';
import { createAdminRouter } from './shell/router';
import './admin.css';

// The theme chosen on the site (or here) before, else the system's; applied before the first render.
let stored: string | null = null;
try {
  stored = localStorage.getItem(themeStorageKey);
} catch {
  // Storage may be unavailable.
}
const dark = stored
  ? stored === 'theme-dark'
  : window.matchMedia('(prefers-color-scheme: dark)').matches;
document.documentElement.classList.add(dark ? 'theme-dark' : 'theme-light');
if (stored) applyTheme(stored === 'theme-dark' ? 'theme-dark' : 'theme-light');

const router = createAdminRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
