import { exportInbox, saveFile } from '../api';
import type { useStepUp } from '../account/step-up';
import { secondaryButtonClass, type Notice } from '../ui';
import { useT } from '../shell/lang';

/**
 * Downloads the submissions a filter finds (or a selection names, `ids=…`) as CSV, after the
 * second factor again when the server asks for it (`run`, from useStepUp).
 */
export function ExportButton({
  query,
  run,
  onNotice,
  text,
  className = secondaryButtonClass,
}: {
  query: string;
  run: ReturnType<typeof useStepUp>['run'];
  onNotice: (notice: Notice) => void;
  text?: string;
  className?: string;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      className={className}
      onClick={() =>
        void run(
          () => exportInbox(query),
          (result) => {
            if (result.ok && result.data) {
              const url = URL.createObjectURL(result.data);
              saveFile(url, 'inbox.csv');
              setTimeout(() => URL.revokeObjectURL(url), 60_000);
              onNotice({ tone: 'success', text: t('inbox.exportStarted') });
            } else onNotice({ tone: 'error', text: result.message || t('common.unreachable') });
          },
        )
      }
    >
      {text ?? t('audit.exportCsv')}
    </button>
  );
}
