import { createContext, useContext, type KeyboardEvent, type ReactNode } from 'react';
import type { FieldSpec } from '../../api';

export type Json = Record<string, unknown>;

/** What every field editor is given: its place in the text, its value and the English one. */
export type EditorProps = {
  spec: FieldSpec;
  /** The field's place in the text, as the server names it in its errors: `speakers[0].name`. */
  path: string;
  /** The id its control takes, which its label points at. */
  id: string;
  /** The field's name as the staff member reads it. */
  label: string;
  value: unknown;
  english: unknown;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  /** Draws the fields of a shape (an object's, a list entry's), each from its kind. */
  renderFields: (props: FieldsProps) => ReactNode;
};

export type FieldsProps = {
  fields: FieldSpec[];
  prefix: string;
  value: Json;
  english: Json | undefined;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (value: Json) => void;
};

/**
 * The language of the text being edited, which its inputs are marked with (Arabic right to
 * left), while labels and messages stay in the back-office's language.
 */
export const TextLang = createContext<{ lang: string; dir: 'ltr' | 'rtl' }>({
  lang: 'en',
  dir: 'ltr',
});

/** The site's languages, by the names of fields that hold one text per language. */
export const languageFields: Record<string, { lang: string; dir: 'ltr' | 'rtl' }> = {
  en: { lang: 'en', dir: 'ltr' },
  nl: { lang: 'nl', dir: 'ltr' },
  fr: { lang: 'fr', dir: 'ltr' },
  ar: { lang: 'ar', dir: 'rtl' },
};

/**
 * Rows for a text area of a text this long, where a browser does not size a text area to its
 * content (field-sizing) itself.
 */
export function rowsFor(text: string, least: number, most: number): number {
  const lines = text
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 60)), 0);
  return Math.min(most, Math.max(least, lines));
}

/** A one-line text: Enter does not break it, as the site shows it on one line. */
export const oneLine = (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** A value as the text its input shows. */
export const textOfValue = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : String(value);

/**
 * The language a field's text is written in: the language edited, or the one a field is named
 * after (an office's address in Arabic).
 */
export function useTextLang(name: string) {
  const around = useContext(TextLang);
  return (Object.hasOwn(languageFields, name) && languageFields[name]) || around;
}
