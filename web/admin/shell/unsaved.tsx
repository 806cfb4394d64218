import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass, dangerButtonClass } from '../ui';
import { useT } from './lang';

/**
 * Asks before unsaved changes are dropped: the browser asks on a reload or a closed tab
 * (beforeunload), and an in-app dialog asks before the router moves away (the app's own links,
 * the browser's back and forward buttons, signing out), or before an action run through `guard`
 * (another language, a restored version) replaces the form.
 * Nothing is asked while there is nothing unsaved, nor for a move within the page (#main).
 */
export function useUnsavedGuard(
  dirty: boolean,
  language: string,
): { guard: (action: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<{ go: () => void } | null>(null);
  // Kept open after "keep editing" on the browser's back or forward button until the router has
  // put the address back, so the address is the form's again when the question goes.
  const [restoring, setRestoring] = useState(false);
  const otherPage = useCallback(
    ({ current, next }: { current: Place; next: Place }) =>
      current.pathname !== next.pathname ||
      JSON.stringify(current.search) !== JSON.stringify(next.search),
    [],
  );
  const blocker = useBlocker({
    shouldBlockFn: otherPage,
    enableBeforeUnload: true,
    disabled: !dirty,
    withResolver: true,
  });

  const guard = (action: () => void) => {
    if (dirty) setPending({ go: action });
    else action();
  };
  const asking = pending || blocker.status === 'blocked' || restoring;
  const dialog = asking && (
    <DiscardDialog
      language={language}
      onKeep={() => {
        setPending(null);
        if (blocker.status !== 'blocked') return;
        if (blocker.action !== 'PUSH' && blocker.action !== 'REPLACE') {
          setRestoring(true);
          window.addEventListener('popstate', () => setRestoring(false), { once: true });
        }
        blocker.reset();
      }}
      onDiscard={() => {
        setPending(null);
        if (pending) pending.go();
        else if (blocker.status === 'blocked') blocker.proceed();
      }}
    />
  );
  return { guard, dialog };
}

type Place = { pathname: string; search: unknown };

/**
 * The question itself: a modal dialog (focus kept inside, Escape keeps editing) whose first
 * button, focused, keeps the changes.
 */
function DiscardDialog({
  language,
  onKeep,
  onDiscard,
}: {
  language: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-card border border-line bg-raised p-5 text-ink backdrop:bg-black/60"
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
      data-unsaved-dialog
    >
      <h2 id={`${id}-title`} className="mb-2 text-xl font-semibold">
        {t('content.leave.title')}
      </h2>
      <p id={`${id}-body`} className="mb-4">
        {t('content.leave.body', { language })}
      </p>
      <div className="flex flex-wrap gap-3">
        {/* The safe choice comes first and has the focus. */}
        <button type="button" className={buttonClass} autoFocus onClick={onKeep}>
          {t('content.leave.keep')}
        </button>
        <button type="button" className={dangerButtonClass} onClick={onDiscard}>
          {t('content.leave.discard')}
        </button>
      </div>
    </dialog>
  );
}
