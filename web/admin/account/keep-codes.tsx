import { useState } from 'react';
import { NoticeBox, secondaryButtonClass, type Notice } from '../ui';
import { useT } from '../shell/lang';

/** The recovery codes as a text file: a title, what they are for, one code a line. */
export function codesText(codes: string[], title: string, note: string): string {
  return [title, '', note, '', ...codes, ''].join('\n');
}

/** Ways to keep recovery codes: copied to the clipboard, downloaded as a .txt file, or printed. */
export function KeepCodes({ codes }: { codes: string[] }) {
  const { t } = useT();
  const [notice, setNotice] = useState<Notice>(null);
  const text = () =>
    codesText(codes, t('staffInvites.codesFileTitle'), t('staffInvites.codesFileNote'));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setNotice({ tone: 'success', text: t('staffInvites.copied') });
    } catch {
      setNotice({ tone: 'error', text: t('staffInvites.copyFailed') });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'noorvale-back-office-recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="mb-6 print:hidden">
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          {t('staffInvites.copy')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={download}>
          {t('staffInvites.download')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => window.print()}>
          {t('staffInvites.print')}
        </button>
      </div>
      <div className="mt-3" aria-live="polite">
        <NoticeBox notice={notice} />
      </div>
    </div>
  );
}
