import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass, dangerButtonClass, setBeforeNavigate, useT } from './ui';

/**
 * Asks before unsaved changes are dropped: the browser asks on a reload or a closed tab
 * (beforeunload), and an in-app dialog asks before the app's own links or the browser's back
 * and forward buttons move away, or before an action run through `guard` (another language, a
 * restored version) replaces the form.
 * Nothing is asked while there is nothing unsaved.
 */
export function useUnsavedGuard(
  dirty: boolean,
  language: string,
): { guard: (action: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<{ go: () => void } | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    const release = setBeforeNavigate((go) => {
      setPending({ go });
      return false;
    });
    return () => {
      window.removeEventListener('beforeunload', warn);
      release();
    };
  }, [dirty]);

  const guard = (action: () => void) => {
    if (dirty) setPending({ go: action });
    else action();
  };
  const dialog = pending && (
    <DiscardDialog
      language={language}
      onKeep={() => setPending(null)}
      onDiscard={() => {
        setPending(null);
        pending.go();
      }}
    />
  );
  return { guard, dialog };
}

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
