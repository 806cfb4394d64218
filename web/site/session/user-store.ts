import { useSyncExternalStore } from 'react';
import { onUnauthorized } from '../../shared/form-kit/api-client';
import type { User } from '../pages/page-props';

/** Local-storage key of the signed-in visitor's data: the visitor is logged in exactly while it exists. */
export const userStorageKey = 'userData';

/**
 * Class on <html> while the visitor is logged in: it shows the header's signed-in state and hides
 * the login button. Set before first paint by the first-paint script, then kept with the entry.
 */
export const signedInClass = 'signed-in';

function showSignedIn(signedIn: boolean): void {
  document.documentElement.classList.toggle(signedInClass, signedIn);
}

const listeners = new Set<() => void>();
// Used when local storage is unavailable (blocked in some private modes), so the page still works.
let memory: string | null = null;
let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(userStorageKey);
  } catch {
    return memory;
  }
}

function writeRaw(raw: string | null): void {
  memory = raw;
  showSignedIn(raw !== null);
  try {
    if (raw === null) localStorage.removeItem(userStorageKey);
    else localStorage.setItem(userStorageKey, raw);
  } catch {
    // Kept in memory for this page view.
  }
}

function parse(raw: string | null): User | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<User> | null;
    if (!value || typeof value !== 'object') return null;
    const text = (field: unknown) => (typeof field === 'string' ? field : '');
    const firstName = text(value.firstName);
    const lastName = text(value.lastName);
    return {
      firstName,
      lastName,
      fullName: text(value.fullName) || `${firstName} ${lastName}`.trim(),
      phoneNumber: text(value.phoneNumber),
      profileImageUrl: text(value.profileImageUrl),
      email: text(value.email),
    };
  } catch {
    return null;
  }
}

/** The stored user data, or null when logged out. The same object until the entry changes. */
export function storedUser(): User | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parse(raw);
  }
  return cachedUser;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Stores the user data after a login or a profile change, and tells every subscriber. */
export function storeUser(user: User): void {
  writeRaw(JSON.stringify(user));
  emit();
}

/** Removes the user data (logged out, or the server answered 401), and tells every subscriber. */
export function forgetUser(): void {
  if (readRaw() === null) return;
  writeRaw(null);
  emit();
}

export function subscribeToUser(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes the entry too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== userStorageKey && event.key !== null) return;
    showSignedIn(readRaw() !== null);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const nobody = () => null;

/**
 * The signed-in visitor from the stored entry, or null. Pages are the same document for everyone,
 * so the server and hydration see nobody; the stored visitor arrives right after hydration.
 */
export function useUser(): User | null {
  return useSyncExternalStore(subscribeToUser, storedUser, nobody);
}

// An answer of 401 from the API means the session is gone: the visitor's pages forget the visitor.
onUnauthorized(forgetUser);
