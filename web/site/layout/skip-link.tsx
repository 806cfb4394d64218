import { useTranslation } from '../../shared/i18n/translation';

export const mainContentId = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${mainContentId}`}
      className="sr-only z-[60] rounded-md border border-line bg-raised px-4 py-2.5 font-semibold text-ink shadow-panel focus:not-sr-only focus:fixed focus:start-4 focus:top-2"
    >
      {t('header.skipToContent')}
    </a>
  );
}
