import type { User } from '../pages/page-props';
import { get } from '../../shared/form-kit/api-client';
import { storedUser, storeUser } from './user-store';

let check: Promise<User | null> | undefined;

/**
 * Asks the server, once per page view, who is signed in, and makes the stored entry say the same:
 * the account's current data after a 200, no entry after a 401 (the API client removes it, and
 * the header turns to the login button). The call also keeps the session alive. When the server
 * cannot answer (offline, 5xx), the entry stays as it is.
 */
export function checkSession(): Promise<User | null> {
  check ??= get<User>('/account').then((result) => {
    if (result.ok && result.data) {
      storeUser(result.data);
      return result.data;
    }
    return result.status === 401 ? null : storedUser();
  });
  return check;
}

/** Checks the session after hydration when the visitor is logged in, as the stored entry says. */
export function checkSessionIfLoggedIn(): void {
  if (storedUser() !== null) void checkSession();
}
