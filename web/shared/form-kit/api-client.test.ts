// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  del,
  get,
  getById,
  getByIds,
  getFromRoot,
  post,
  toResult,
  withLanguage,
} from './api-client';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

describe('api client', () => {
  it('adds the page language to every call', () => {
    expect(withLanguage('/api/account', 'ar')).toBe('/api/account?lang=ar');
    expect(withLanguage('/api/captcha/challenge?x=1', 'fr')).toBe(
      '/api/captcha/challenge?x=1&lang=fr',
    );
  });

  it('keeps the generic helpers and their addresses', async () => {
    document.documentElement.lang = 'nl';
    const fetch = answer(200, { isSuccess: true, data: [] });
    vi.stubGlobal('fetch', fetch);
    await get('/account/sessions');
    await getById('items', 'a b');
    await getByIds('items', '1', '2');
    await post('/Website/Login', { email: 'x' });
    await del('/account/sessions', '42');
    await getFromRoot('/readyz');
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/account/sessions?lang=nl',
      'GET /api/items/a%20b?lang=nl',
      'GET /api/items/1/2?lang=nl',
      'POST /api/Website/Login?lang=nl',
      'DELETE /api/account/sessions/42?lang=nl',
      'GET /readyz?lang=nl',
    ]);
    expect(calls[3]![1].body).toBe('{"email":"x"}');
  });

  it('passes failures on to the caller with their message, fields and flags', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        isSuccess: false,
        data: { captchaRequired: true },
        message: 'Please complete the security check and try again.',
        errors: { captcha: 'Please complete the security check and try again.' },
      }),
    );
    const result = await post<{ captchaRequired: boolean }>('/Website/Login', {});
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      data: { captchaRequired: true },
      errors: { captcha: expect.any(String) },
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await get('/account')).toMatchObject({ ok: false, status: 0 });
  });

  it('reads Retry-After and survives a body that is not JSON', () => {
    expect(toResult(429, null, '30')).toMatchObject({ ok: false, retryAfter: 30, message: '' });
  });
});
