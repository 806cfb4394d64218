/** The longest local path accepted, in UTF-8 bytes, as on the server. */
const maxLocalPath = 2048;

// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u001f\u007f\\]/;

/** Whether every escape of a path is two hexadecimal digits for no slash, backslash, dot or control. */
function plainEscapes(path: string): boolean {
  for (let i = path.indexOf('%'); i >= 0; i = path.indexOf('%', i + 3)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return false;
    const byte = Number.parseInt(hex, 16);
    if (byte < 0x20 || byte === 0x7f || byte === 0x2f || byte === 0x5c || byte === 0x2e) {
      return false;
    }
  }
  return true;
}

/**
 * `value` as a path of this site, normalized, or null when it is not one: the browser's twin of the
 * server's NormalizeLocalPath (api/server/returnpath.go), and tested against the same table
 * (api/server/testdata/local-paths.json).
 *
 * A local path starts with one slash ("//host" is another site), holds no backslash and no control
 * character (browsers read a backslash as a slash and drop tabs and line breaks), and its path part
 * no encoded slash, backslash or dot, nor a broken escape. "." and ".." segments are resolved and
 * runs of slashes made one, so no part of it ("/nl//evil.example") can be read as a host; the
 * query and fragment are kept as they are.
 */
export function normalizeLocalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || unsafe.test(value)) return null;
  if (new TextEncoder().encode(value).length > maxLocalPath) return null;
  const split = value.search(/[?#]/);
  const path = split < 0 ? value : value.slice(0, split);
  const rest = split < 0 ? '' : value.slice(split);
  if (!plainEscapes(path)) return null;
  const parts = path.slice(1).split('/');
  const segments: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  const last = parts[parts.length - 1];
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.join('/')}${trailing ? '/' : ''}${rest}`;
}
