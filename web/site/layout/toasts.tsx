import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { CheckIcon, CloseIcon } from '../../shared/ui/shell-icons';

/** How long a toast stays, unless told otherwise (SPEC §9). */
export const defaultToastLife = 3000;

export type ToastTone = 'success' | 'info' | 'error';

/** `key` names what a toast is about, so it can be taken away when that changes. */
export type Toast = { id: number; text: string; tone: ToastTone; life: number; key?: string };

type ToastOptions = { tone?: ToastTone; life?: number; key?: string };

/** The key of the greeting a login shows: it names the visitor, so a new name takes it away. */
export const welcomeToast = 'welcome';

// Toasts carried across a page load (a login that navigates, a reset that goes to login).
const flashKey = 'flashToasts';

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emptyToasts: Toast[] = [];

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a short message in the corner of the page. */
export function showToast(
  text: string,
  { tone = 'success', life = defaultToastLife, key }: ToastOptions = {},
) {
  toasts = [...toasts, { id: nextId++, text, tone, life, key }];
  emit();
}

/** Takes away the toasts about `key`, which no longer say what is true. */
export function dismissToasts(key: string) {
  if (!toasts.some((toast) => toast.key === key)) return;
  toasts = toasts.filter((toast) => toast.key !== key);
  emit();
}

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Keeps a toast for the next page this tab loads, for an action that ends in a navigation. */
export function flashToast(text: string, tone: ToastTone = 'success', key?: string) {
  try {
    const pending = JSON.parse(sessionStorage.getItem(flashKey) ?? '[]') as unknown[];
    sessionStorage.setItem(flashKey, JSON.stringify([...pending, { text, tone, key }]));
  } catch {
    // Without storage the next page simply has no toast.
  }
}

function takeFlashed() {
  try {
    const pending = JSON.parse(sessionStorage.getItem(flashKey) ?? '[]') as {
      text?: unknown;
      tone?: unknown;
      key?: unknown;
    }[];
    sessionStorage.removeItem(flashKey);
    for (const item of pending) {
      if (typeof item.text !== 'string') continue;
      const tone = item.tone === 'error' || item.tone === 'info' ? item.tone : 'success';
      showToast(item.text, { tone, key: typeof item.key === 'string' ? item.key : undefined });
    }
  } catch {
    // Nothing carried over.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tones: Record<ToastTone, string> = {
  success: 'border-accent/50',
  info: 'border-line-strong',
  error: 'border-danger',
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.life);

  // Counts down while the visitor is not reading it (pointer over it or focus inside it).
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(remaining.current - (Date.now() - started), 1000);
    };
  }, [paused, toast.id]);

  return (
    <li
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`toast-enter pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-s-4 bg-raised p-3.5 text-sm text-ink shadow-panel ${tones[toast.tone]}`}
    >
      {toast.tone === 'success' && <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />}
      <p className="min-w-0 flex-1 font-medium">{toast.text}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={t('toast.dismiss')}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded text-ink-muted hover:bg-surface hover:text-ink"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/**
 * Where toasts appear: the bottom corner on the reading end (right in English, left in Arabic),
 * newest last. The list is a live region from the first render so each new toast is announced.
 */
export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => emptyToasts,
  );
  useEffect(takeFlashed, []);
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex justify-end sm:start-auto sm:end-6 sm:bottom-6 sm:w-96">
      {/* The live region wraps the list, which keeps its list semantics. */}
      <div role="status" aria-live="polite" aria-label={t('toast.region')} className="w-full">
        <ol className="flex w-full flex-col gap-2">
          {list.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      </div>
    </div>
  );
}
