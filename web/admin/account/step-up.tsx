import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiResult } from '../../shared/form-kit/api-client';
import { needsStepUp, type Session } from '../api';
import { SecondFactor } from './factor';
import { useT } from '../shell/lang';

/**
 * Runs sensitive actions: when the server asks for the second factor again (it was last proven
 * more than ten minutes ago), the returned panel asks for it in a modal dialog, wherever on the
 * page the action was, then the action runs once more.
 */
export function useStepUp(session: Session, onSession: (session: Session) => void) {
  const [retry, setRetry] = useState<(() => Promise<void>) | null>(null);

  async function run<T>(
    action: () => Promise<ApiResult<T>>,
    after: (result: ApiResult<T>) => void,
  ) {
    const result = await action();
    if (needsStepUp(result)) {
      setRetry(() => async () => after(await action()));
      return;
    }
    after(result);
  }

  const panel: ReactNode = retry ? (
    <StepUpDialog
      session={session}
      onDone={async (next) => {
        onSession(next);
        const again = retry;
        setRetry(null);
        await again();
      }}
      onCancel={() => setRetry(null)}
    />
  ) : null;

  return { run, panel };
}

/**
 * The question for the second factor as a modal dialog: it takes the focus (its first field)
 * and the page behind is inert until it is answered or cancelled (Escape too); the focus then
 * goes back to where it was, the button that asked.
 */
function StepUpDialog({
  session,
  onDone,
  onCancel,
}: {
  session: Session;
  onDone: (session: Session) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    (dialog.querySelector<HTMLElement>('input') ?? dialog.querySelector('button'))?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={t('factor.stepUpTitle')}
      className="m-auto max-h-[90dvh] w-[min(32rem,calc(100%-2rem))] overflow-auto rounded-card bg-transparent p-0 text-ink backdrop:bg-black/60"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-step-up
    >
      <SecondFactor
        session={session}
        title={t('factor.stepUpTitle')}
        lead={t('factor.stepUpLead')}
        onDone={(next) => void onDone(next)}
        onCancel={onCancel}
      />
    </dialog>
  );
}
