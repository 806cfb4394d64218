import { createContext, useContext } from 'react';
import {
  chooseLanguage,
  formattingLocale,
  isKey,
  sourceLanguage,
  translate,
  type Key,
  type Lang,
  type Params,
} from '../i18n';

const langKey = 'admin-language';

/** The back-office language: the one chosen here before, else the browser's, else English. */
export function initialLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(langKey);
  } catch {
    // Storage may be unavailable; the browser's language decides.
  }
  return chooseLanguage(stored, navigator.language);
}

/** Keeps the chosen language for the next visit. */
export function rememberLang(lang: Lang) {
  try {
    localStorage.setItem(langKey, lang);
  } catch {
    // The choice holds for this visit.
  }
}

/** The back-office's language, with its translator. */
export const LangContext = createContext<Lang>(sourceLanguage);

export function useT() {
  const lang = useContext(LangContext);
  return {
    lang,
    t: (key: Key, params?: Params) => translate(lang, key, params),
  };
}

/**
 * The back-office's words for stored values (`label('inbox.statuses', 'new')` reads the key
 * `inbox.statuses.new`, or shows the value when there is none) and its dates and times, in the
 * reader's language.
 */
export function useLabels() {
  const { t, lang } = useT();
  const label = (group: string, value: string) => {
    const key = `${group}.${value}`;
    return isKey(key) ? t(key) : value;
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(formattingLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  // A calendar day (YYYY-MM-DD) is that day wherever the reader is; a moment is the reader's day.
  const day = (iso: string) => {
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
    return new Date(dateOnly ? `${iso}T00:00:00Z` : iso).toLocaleDateString(
      formattingLocale(lang),
      { dateStyle: 'long', ...(dateOnly ? { timeZone: 'UTC' } : {}) },
    );
  };
  return { t, lang, label, when, day };
}
