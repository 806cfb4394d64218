import { useState, type ReactNode } from 'react';
import type { ApiResult } from '../../shared/form-kit/api-client';
import { needsStepUp, type Session } from '../api';
import { SecondFactor } from './factor';
import { useT } from '../shell/lang';

/**
 * Runs sensitive actions: when the server asks for the second factor again (it was last proven
 * more than ten minutes ago), the returned panel asks for it, then the action runs once more.
 */
export function useStepUp(session: Session, onSession: (session: Session) => void) {
  const { t } = useT();
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
    <div className="mb-6" role="region" aria-label={t('factor.stepUpTitle')}>
      <SecondFactor
        session={session}
        title={t('factor.stepUpTitle')}
        lead={t('factor.stepUpLead')}
        onDone={async (next) => {
          onSession(next);
          const again = retry;
          setRetry(null);
          await again();
        }}
        onCancel={() => setRetry(null)}
      />
    </div>
  ) : null;

  return { run, panel };
}
