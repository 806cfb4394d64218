/** The longest return address accepted, as on the server. */
const maxReturnUrl = 2048;

/**
 * The `returnUrl` of the login page when it is a path on this site, else null. Like the server's
 * check: a path starting with one "/", never "//" or "/\" (which browsers read as another host),
 * without control characters or backslashes (which browsers drop or turn into "/"), and not an
 * encoded slash that a later decode would turn into "//".
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || value.length > maxReturnUrl || !value.startsWith('/')) return null;
  if (value[1] === '/' || value[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const lower = value.toLowerCase();
  if (lower.startsWith('/%2f') || lower.startsWith('/%5c')) return null;
  try {
    const base = 'https://site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
  } catch {
    return null;
  }
  return value;
}

/** Where a successful login goes: the safe `returnUrl` of the address, else the account page. */
export function afterLoginPath(search: string, accountPath: string): string {
  return safeReturnUrl(new URLSearchParams(search).get('returnUrl')) ?? accountPath;
}
