// The server's field rules (api/auth/validate.go and api/auth/passwords), checked in the browser
// as the visitor types so most mistakes are caught before a round trip. The server checks again
// and has the last word (the common-password list lives only there).

/** A rule broken: a message key under `forms.errors` and its placeholder values. */
export type Problem = { key: string; params?: Record<string, string | number> };

export const limits = {
  name: 60,
  email: 254,
  passwordMin: 12,
  passwordMax: 128,
  phoneDigitsMin: 8,
  phoneDigitsMax: 15,
  codeLength: 6,
} as const;

const characters = (value: string) => Array.from(value).length;

// eslint-disable-next-line no-control-regex
const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Format characters (direction controls, zero-width characters): invisible, yet they reorder text. */
const invisible = /\p{Cf}/u;

/** A person's name of at most `limit` characters, without control or invisible characters. */
export function checkName(value: string, limit: number = limits.name): Problem | null {
  const name = value.trim();
  if (!name) return { key: 'required' };
  if (characters(name) > limit) return { key: 'tooLong', params: { max: limit } };
  if (control.test(name)) return { key: 'invalidChars' };
  // The untrimmed value: trim() drops a byte-order mark, which the server keeps and refuses.
  if (invisible.test(value)) return { key: 'invisibleChars' };
  return null;
}

/** A bare address with a dotted domain: what the server's parser accepts, in practice. */
export function checkEmail(value: string): Problem | null {
  const email = value.trim().toLowerCase();
  if (!email) return { key: 'required' };
  if (email.length > limits.email) return { key: 'tooLong', params: { max: limits.email } };
  const at = email.indexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const valid =
    at > 0 &&
    local.length <= 64 &&
    !domain.includes('@') &&
    !/[\s<>(),;:"[\]\\]/.test(email) &&
    !control.test(email) &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    domain.includes('.') &&
    !domain.startsWith('.') &&
    !domain.endsWith('.') &&
    !domain.includes('..');
  return valid ? null : { key: 'emailInvalid' };
}

/** Optional; when given, "+" then 8 to 15 digits, spaces and dashes allowed between them. */
export function checkPhone(value: string): Problem | null {
  const phone = value.trim();
  if (!phone) return null;
  if (phone.length > 24 || !phone.startsWith('+') || !/^[\d -]*$/.test(phone.slice(1))) {
    return { key: 'phoneInvalid' };
  }
  const digits = phone.replace(/\D/g, '').length;
  return digits >= limits.phoneDigitsMin && digits <= limits.phoneDigitsMax
    ? null
    : { key: 'phoneInvalid' };
}

/** A password being typed to sign in: present, and not absurdly long. */
export function checkCurrentPassword(value: string): Problem | null {
  if (!value) return { key: 'required' };
  return null;
}

/**
 * A new password: 12 to 128 characters, no composition rules, and not the e-mail address, its
 * part before the @, or the person's first, last or full name.
 */
export function checkNewPassword(value: string, personal: string[] = []): Problem | null {
  if (!value) return { key: 'required' };
  const length = characters(value);
  if (length < limits.passwordMin)
    return { key: 'passwordShort', params: { min: limits.passwordMin } };
  if (length > limits.passwordMax)
    return { key: 'passwordLong', params: { max: limits.passwordMax } };
  const password = value.trim().toLowerCase();
  for (const item of personal) {
    const known = item.trim().toLowerCase();
    if (!known) continue;
    const local = known.includes('@') ? known.slice(0, known.indexOf('@')) : '';
    if (password === known || (local && password === local)) return { key: 'passwordPersonal' };
  }
  return null;
}

export function checkConfirmation(value: string, password: string): Problem | null {
  if (!value) return { key: 'required' };
  return value === password ? null : { key: 'passwordMismatch' };
}

/** Exactly six digits (spaces a visitor pastes around them are ignored). */
export function checkCode(value: string): Problem | null {
  const code = value.trim();
  if (!code) return { key: 'required' };
  return /^\d{6}$/.test(code) ? null : { key: 'codeFormat' };
}

export type Strength = 'empty' | 'short' | 'fair' | 'good' | 'strong';

/**
 * How hard a password would be to guess, as a hint rather than a rule: length matters most, and
 * a password made of a few repeated characters or a run like "abcabc" counts for less.
 */
export function passwordStrength(value: string): Strength {
  if (!value) return 'empty';
  const chars = Array.from(value);
  if (chars.length < limits.passwordMin) return 'short';
  const distinct = new Set(chars.map((c) => c.toLowerCase())).size;
  // A repeated pattern ("abcabcabcabc") or very few distinct characters adds little.
  const repeated = /^(.+?)\1+$/su.test(value);
  const effective = repeated || distinct < 5 ? Math.min(chars.length, distinct * 2) : chars.length;
  if (effective < limits.passwordMin) return 'fair';
  if (effective >= 20 && distinct >= 10) return 'strong';
  if (effective >= 15 && distinct >= 8) return 'good';
  return 'fair';
}
