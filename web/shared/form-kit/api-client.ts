/** The address prefix of the site's API. */
export const apiBase = '/api';

/** What every API call answers, successful or not: the envelope, its HTTP status and flags. */
export type ApiResult<T = unknown> = {
  ok: boolean;
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  data: T | null;
  /** The server's message in the page's language; '' when it sent none. */
  message: string;
  /** A message per field at fault. */
  errors: Record<string, string>;
  /** Seconds to wait, from Retry-After on a 429. */
  retryAfter?: number;
};

type Envelope = {
  isSuccess?: boolean;
  data?: unknown;
  message?: string;
  errors?: Record<string, string>;
};

/** The page's language, which the server answers in: the URL decides it, and <html lang> says it. */
function pageLanguage(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

/** Adds `lang` to an address, keeping its own query. */
export function withLanguage(url: string, lang = pageLanguage()): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

// What an answer of 401 does. The visitor's pages forget the signed-in visitor (their user store
// sets that); the back-office, whose staff session is not the visitor's, sets its own and leaves
// the visitor's state alone.
let unauthorized: () => void = () => {};

/** Sets what an answer of 401 does in this app (the visitor's pages: forget the visitor). */
export function onUnauthorized(handler: () => void): void {
  unauthorized = handler;
}

/** Reads an answer into an ApiResult; an answer of 401 means the session is gone. */
export function toResult<T>(
  status: number,
  body: unknown,
  retryAfter: string | null,
): ApiResult<T> {
  const envelope: Envelope = body && typeof body === 'object' ? (body as Envelope) : {};
  if (status === 401) unauthorized();
  const retry = retryAfter ? Number.parseInt(retryAfter, 10) : NaN;
  return {
    ok: status >= 200 && status < 300 && envelope.isSuccess !== false,
    status,
    data: (envelope.data ?? null) as T | null,
    message: typeof envelope.message === 'string' ? envelope.message : '',
    errors: envelope.errors && typeof envelope.errors === 'object' ? envelope.errors : {},
    ...(Number.isFinite(retry) ? { retryAfter: retry } : {}),
  };
}

const unreachable = <T>(): ApiResult<T> => ({
  ok: false,
  status: 0,
  data: null,
  message: '',
  errors: {},
});

async function call<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { ...headers, Accept: 'application/json' },
  };
  if (body instanceof FormData) {
    // The browser writes the multipart Content-Type, boundary included.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(withLanguage(url), init);
  } catch {
    return unreachable<T>();
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status still tells the caller what happened.
  }
  return toResult<T>(response.status, parsed, response.headers.get('Retry-After'));
}

const join = (path: string, ...ids: string[]) =>
  `${apiBase}${path.startsWith('/') ? '' : '/'}${path}${ids.map((id) => `/${encodeURIComponent(id)}`).join('')}`;

/** GET {api}/path */
export const get = <T>(path: string) => call<T>('GET', join(path));
/** GET {api}/path/id */
export const getById = <T>(path: string, id: string) => call<T>('GET', join(path, id));
/** GET {api}/path/id/secondId */
export const getByIds = <T>(path: string, id: string, secondId: string) =>
  call<T>('GET', join(path, id, secondId));
/** POST {api}/path with a JSON body (or none), and any extra headers. */
export const post = <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
  call<T>('POST', join(path), body, headers);
/**
 * POST {api}/path with its fields as multipart form data, as the legacy calls that the
 * specification lists with "form data" (ForgetPassword, VerifyCode) are sent.
 */
export const postForm = <T>(path: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return call<T>('POST', join(path), form);
};
/** PUT {api}/path with a JSON body. */
export const put = <T>(path: string, body: unknown) => call<T>('PUT', join(path), body);
/** DELETE {api}/path, or {api}/path/id. */
export const del = <T>(path: string, id?: string) =>
  call<T>('DELETE', id === undefined ? join(path) : join(path, id));
/** GET against the host root, without the /api prefix. */
export const getFromRoot = <T>(path: string) =>
  call<T>('GET', path.startsWith('/') ? path : `/${path}`);

/**
 * POST a multipart form with upload progress (fetch cannot report it): `onProgress` receives
 * the fraction sent, from 0 to 1.
 */
export function upload<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', withLanguage(join(path)));
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status speaks.
      }
      resolve(toResult<T>(request.status, parsed, request.getResponseHeader('Retry-After')));
    });
    request.addEventListener('error', () => resolve(unreachable<T>()));
    request.addEventListener('abort', () => resolve(unreachable<T>()));
    request.send(form);
  });
}
