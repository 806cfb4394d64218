import { useId, type MouseEvent } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import { rememberLanguage } from '../../shared/i18n/language';
import { switchLocalePath } from '../i18n/locale-paths';
import { usePage } from '../pages/page-context';
import type { Locale } from '../pages/page-props';
import { Flag } from './flags';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { useMenuButton } from '../../shared/ui/use-menu-button';

/** Sends the browser to the same page in another language, after remembering the choice. */
export function goToLanguage(locale: Locale): void {
  rememberLanguage(locale);
  window.location.assign(switchLocalePath(window.location, locale));
}

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { locale, languages, page } = usePage();
  const { open, setOpen, container, button, list, toggle, onButtonKeyDown, onMenuKeyDown } =
    useMenuButton();
  const listId = useId();

  const current = languages.find((language) => language.code === locale);
  const currentName = current?.name ?? t(`languages.${locale}`);

  const choose = (event: MouseEvent<HTMLAnchorElement>, code: Locale) => {
    event.preventDefault();
    setOpen(false);
    if (code === locale) {
      button.current?.focus();
      return;
    }
    goToLanguage(code);
  };

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('header.language', { language: currentName })}
        onClick={toggle}
        onKeyDown={onButtonKeyDown}
        className="inline-flex h-9 items-center gap-2 rounded-md px-2 text-sm font-medium transition-colors hover:bg-white/10"
      >
        <Flag locale={locale} />
        <span lang={locale}>{currentName}</span>
        <ChevronDownIcon className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        ref={list}
        id={listId}
        hidden={!open}
        role="menu"
        aria-label={t('header.chooseLanguage')}
        onKeyDown={onMenuKeyDown}
        className="absolute end-0 top-full z-50 mt-1.5 w-56 rounded-lg border border-line bg-raised p-1.5 text-ink shadow-panel"
      >
        {languages.map((language) => {
          const translated = t(`languages.${language.code}`);
          const showTranslated = translated.toLowerCase() !== language.name.toLowerCase();
          return (
            <li key={language.code} role="none">
              <a
                role="menuitem"
                href={switchLocalePath({ pathname: page.path || '/' }, language.code)}
                hrefLang={language.code}
                lang={language.code}
                aria-current={language.code === locale ? 'true' : undefined}
                onClick={(event) => choose(event, language.code)}
                className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-surface aria-[current=true]:bg-accent-soft aria-[current=true]:font-semibold"
              >
                <Flag locale={language.code} />
                <span className="flex flex-col">
                  <span>{language.name}</span>
                  {showTranslated && (
                    <span lang={locale} className="text-xs text-ink-muted">
                      {translated}
                    </span>
                  )}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
