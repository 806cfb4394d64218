import { normalizeLocalPath } from '../routing/local-path';

/**
 * Where a successful login goes: the `returnUrl` of the address when it is a path on this site
 * (normalized as the server does), else the account page.
 */
export function afterLoginPath(search: string, accountPath: string): string {
  return normalizeLocalPath(new URLSearchParams(search).get('returnUrl')) ?? accountPath;
}
