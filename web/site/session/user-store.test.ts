// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { get, onUnauthorized } from '../../shared/form-kit/api-client';
import { forgetUser, storeUser, storedUser } from './user-store';

const user = {
  firstName: 'Amira',
  lastName: 'Haddad',
  fullName: 'Amira Haddad',
  phoneNumber: '',
  profileImageUrl: '',
  email: 'amira@example.com',
};

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

describe('user store and the api client', () => {
  it('forgets the signed-in user on any 401', async () => {
    storeUser(user);
    expect(storedUser()).not.toBeNull();
    vi.stubGlobal('fetch', answer(401, { isSuccess: false, data: null, message: 'Log in' }));
    const result = await get('/account');
    expect(result.status).toBe(401);
    expect(storedUser()).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('leaves the visitor signed in when another app handles its own 401', async () => {
    storeUser(user);
    const handler = vi.fn();
    onUnauthorized(handler);
    try {
      vi.stubGlobal('fetch', answer(401, { isSuccess: false, data: null, message: 'Sign in' }));
      await get('/admin/session');
      expect(handler).toHaveBeenCalledTimes(1);
      expect(storedUser()).not.toBeNull();
    } finally {
      onUnauthorized(forgetUser);
    }
  });
});
