import { post } from '../../shared/form-kit/api-client';

/**
 * Ends the session on the server, then forgets everything this site kept in the browser (the
 * user data, and with it the theme and language choices: SPEC §4) and reloads the page, which
 * the server now renders signed out.
 */
export async function logout(): Promise<void> {
  await post('/account/logout');
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable: nothing was kept there.
  }
  window.location.reload();
}
