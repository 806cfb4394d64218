import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { applyTheme, currentTheme, subscribeToTheme, type Theme } from '../../shared/theme/theme';
import { MoonIcon, SunIcon } from '../../shared/ui/shell-icons';

// The server cannot know the stored theme, so it renders for light; after hydration the label
// follows the class the inline theme script put on <html>. The icons are switched by CSS alone.
const serverTheme = (): Theme => 'theme-light';

export function ThemeToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, serverTheme);
  const next: Theme = theme === 'theme-dark' ? 'theme-light' : 'theme-dark';
  const label = next === 'theme-dark' ? t('theme.switchToDark') : t('theme.switchToLight');
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => applyTheme(next)}
      className={`inline-flex size-9 items-center justify-center rounded-md transition-colors hover:bg-white/10 ${className}`}
    >
      <MoonIcon className="size-[18px] dark:hidden" />
      <SunIcon className="hidden size-[18px] dark:block" />
    </button>
  );
}
