// The rules of the site's forms (api/forms/validate.go), checked in the browser as the visitor
// types. The server checks again and has the last word.
import { checkEmail, checkName, checkPhone, type Problem } from '../../shared/form-kit/validation';

export { checkEmail };

/** Field limits, in characters, as the server counts them. */
export const formLimits = {
  name: 100,
  line: 150,
  message: 5000,
  coverLetter: 10000,
  linkedIn: 200,
  cvBytes: 5 * 1024 * 1024,
} as const;

const characters = (value: string) => Array.from(value).length;

// eslint-disable-next-line no-control-regex
const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const controlButBreaks = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** One line of text (a name, a company, a subject): no line breaks, at most `limit` characters. */
export function checkLine(value: string, limit: number, required: boolean): Problem | null {
  const text = value.trim();
  if (!text) return required ? { key: 'required' } : null;
  if (characters(text) > limit) return { key: 'tooLong', params: { max: limit } };
  if (control.test(text)) return { key: 'invalidChars' };
  return null;
}

/** A person's name. */
export const checkFullName = (value: string) => checkName(value, formLimits.name);

/** Text of several lines (a message, a cover letter). */
export function checkText(value: string, limit: number, required = true): Problem | null {
  // As the server: CRLF becomes LF before anything is counted or checked.
  const text = value.replace(/\r\n/g, '\n').trim();
  if (!text) return required ? { key: 'required' } : null;
  if (characters(text) > limit) return { key: 'tooLong', params: { max: limit } };
  if (controlButBreaks.test(text)) return { key: 'invalidChars' };
  return null;
}

/** A phone number in international format; `required` makes an empty one a fault. */
export function checkPhoneNumber(value: string, required: boolean): Problem | null {
  if (!value.trim()) return required ? { key: 'required' } : null;
  return checkPhone(value);
}

/** One value from a fixed list. */
export function checkChoice(value: string, options: readonly string[]): Problem | null {
  if (!value) return { key: 'choiceRequired' };
  return options.includes(value) ? null : { key: 'choiceRequired' };
}

/** The privacy-policy box, which must be ticked. */
export const checkConsent = (value: boolean): Problem | null =>
  value ? null : { key: 'consentRequired' };

/** An optional LinkedIn profile address: https://www.linkedin.com/in/… */
export function checkLinkedIn(value: string): Problem | null {
  const text = value.trim();
  if (!text) return null;
  if (characters(text) > formLimits.linkedIn) {
    return { key: 'tooLong', params: { max: formLimits.linkedIn } };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { key: 'linkedInInvalid' };
  }
  const profile = url.pathname.startsWith('/in/') ? url.pathname.slice(4).replace(/\/+$/, '') : '';
  // The host as written: the server compares it as is, so neither a capital letter nor a port
  // (which URL would drop or lower-case) passes.
  const host = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i.exec(text)?.[1];
  const valid =
    url.protocol === 'https:' &&
    host === 'www.linkedin.com' &&
    !url.username &&
    !url.password &&
    profile !== '' &&
    !/[\s"'<>]/.test(text) &&
    !control.test(text);
  return valid ? null : { key: 'linkedInInvalid' };
}

/** The CV: present, PDF or DOCX by its name, and at most 5 MB. The server checks its content. */
export function checkCv(file: { name: string; size: number } | null): Problem | null {
  if (!file) return { key: 'cvMissing' };
  if (!/\.(pdf|docx)$/i.test(file.name)) return { key: 'cvType' };
  if (file.size === 0) return { key: 'cvMissing' };
  if (file.size > formLimits.cvBytes) return { key: 'cvTooLarge', params: { max: 5 } };
  return null;
}
