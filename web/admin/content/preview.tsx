import { useId, useState } from 'react';
import { pagesCollection } from '../api';
import { isKey, type Lang } from '../i18n';
import { Card, buttonClass, inputClass } from '../ui';
import { useT } from '../shell/lang';

const widths = { phone: 375, desktop: 1280 } as const;
type Width = keyof typeof widths;
type Theme = 'light' | 'dark';

/** The address of a language's preview, in a theme, with the back-office's language for its banner. */
export function previewAddress(
  collection: string,
  slug: string,
  locale: string,
  theme: Theme,
  lang: Lang,
): string {
  if (collection === pagesCollection) {
    // A page's route holds slashes: it travels in the query, as for its other addresses.
    const route = encodeURIComponent(slug);
    return `/api/admin/content/pages/page/${encodeURIComponent(locale)}/preview?theme=${theme}&lang=${lang}&route=${route}`;
  }
  const path = [collection, slug, locale].map(encodeURIComponent).join('/');
  return `/api/admin/content/${path}/preview?theme=${theme}&lang=${lang}`;
}

/**
 * The editor's preview: a language, a theme and a width, and the page drawn by the site's renderer
 * from the latest saved version, in a frame of that width. The frame runs no script and submits
 * no form (the server strips the scripts and forbids forms; the sandbox forbids them again).
 */
export function PreviewPanel({
  collection,
  slug,
  locale,
  languages,
  unsaved,
}: {
  collection: string;
  slug: string;
  /** The language being edited, previewed first. */
  locale: string;
  languages: string[];
  /** Whether the form holds changes not saved yet. */
  unsaved: boolean;
}) {
  const { t, lang } = useT();
  const id = useId();
  // The language chosen here; until one is, the language being edited.
  const [chosen, setLanguage] = useState<string | null>(null);
  const language = chosen ?? locale;
  const [theme, setTheme] = useState<Theme>('light');
  const [width, setWidth] = useState<Width>('desktop');
  // How many times the preview was asked for; 0 before the first. A new ask loads the frame
  // again, so a draft saved since shows.
  const [shown, setShown] = useState(0);

  const languageName = (l: string) => {
    const key = `languageNames.${l}`;
    return isKey(key) ? t(key) : l;
  };
  const address = previewAddress(collection, slug, language, theme, lang);
  const choice = (name: string, value: string, current: string, set: () => void, label: string) => (
    <label className="inline-flex min-h-11 items-center gap-2">
      <input
        type="radio"
        name={`${id}-${name}`}
        value={value}
        checked={current === value}
        onChange={set}
      />
      {label}
    </label>
  );
  return (
    <Card className="mt-6">
      <h2 className="mb-1 text-xl font-semibold">{t('preview.title')}</h2>
      <p className="mb-4 text-ink-muted">{t('preview.lead')}</p>
      {unsaved && language === locale && (
        <p
          className="mb-4 rounded-lg border border-line-strong p-3"
          role="status"
          data-preview-unsaved
        >
          {t('preview.unsaved')}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="min-w-40">
          <label htmlFor={`${id}-language`} className="block font-semibold">
            {t('preview.language')}
          </label>
          <select
            id={`${id}-language`}
            className={inputClass}
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
          >
            {languages.map((l) => (
              <option key={l} value={l}>
                {languageName(l)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="font-semibold">{t('preview.theme')}</legend>
          <div className="flex gap-4">
            {choice('theme', 'light', theme, () => setTheme('light'), t('preview.light'))}
            {choice('theme', 'dark', theme, () => setTheme('dark'), t('preview.dark'))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-semibold">{t('preview.width')}</legend>
          <div className="flex gap-4">
            {choice('width', 'phone', width, () => setWidth('phone'), t('preview.phone'))}
            {choice('width', 'desktop', width, () => setWidth('desktop'), t('preview.desktop'))}
          </div>
        </fieldset>
        <button type="button" className={buttonClass} onClick={() => setShown((n) => n + 1)}>
          {shown ? t('preview.refresh') : t('preview.show')}
        </button>
        <a
          href={address}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center underline underline-offset-4"
        >
          {t('preview.newWindow')}
        </a>
      </div>
      {shown > 0 && (
        <div className="mt-4 overflow-x-auto rounded-lg border border-line-strong">
          <iframe
            key={shown}
            src={address}
            title={t('preview.frame', {
              language: languageName(language),
              theme: theme === 'dark' ? t('preview.dark') : t('preview.light'),
              width: width === 'phone' ? t('preview.phone') : t('preview.desktop'),
            })}
            width={widths[width]}
            height={width === 'phone' ? 740 : 820}
            sandbox="allow-same-origin"
            className="block max-w-none bg-white"
            data-preview-frame={width}
          />
        </div>
      )}
    </Card>
  );
}
