import { describe, expect, it } from 'vitest';
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkName,
  checkNewPassword,
  checkPhone,
  passwordStrength,
} from './validation';

const key = (problem: { key: string } | null) => problem?.key ?? null;

describe('field rules (the server’s, in the browser)', () => {
  it('names: required, at most 60 characters, no control characters', () => {
    expect(key(checkName(''))).toBe('required');
    expect(key(checkName('   '))).toBe('required');
    expect(key(checkName('a'.repeat(60)))).toBeNull();
    expect(key(checkName('a'.repeat(61)))).toBe('tooLong');
    expect(key(checkName('Ann\u0007'))).toBe('invalidChars');
    expect(key(checkName('عبد الله'))).toBeNull();
  });

  it('names: no invisible direction or zero-width characters', () => {
    for (const bad of [
      'Layla\u202egnp.exe',
      '\u2067Omar\u2069',
      'Omar\u200f',
      'evil\u200b.example',
      'Om\u200dar',
      '\ufeffOmar',
      'عمر\u061c',
    ]) {
      expect(key(checkName(bad)), JSON.stringify(bad)).toBe('invisibleChars');
    }
    expect(key(checkName('Zoë D’Arcy-Ngô'))).toBeNull();
  });

  it('e-mail: a bare address with a dotted domain, at most 254 characters', () => {
    expect(key(checkEmail(''))).toBe('required');
    expect(key(checkEmail(' Amira@Example.com '))).toBeNull();
    for (const bad of [
      'amira',
      'amira@',
      '@example.com',
      'amira@example',
      'a b@example.com',
      'a@b@example.com',
      'amira@example..com',
      'Amira <a@example.com>',
    ]) {
      expect(key(checkEmail(bad)), bad).toBe('emailInvalid');
    }
    expect(key(checkEmail(`${'a'.repeat(60)}@${'b'.repeat(190)}.com`))).toBe('tooLong');
  });

  it('phone: optional; "+" and 8 to 15 digits, spaces and dashes allowed', () => {
    expect(checkPhone('')).toBeNull();
    expect(checkPhone('+971 4 123 4567')).toBeNull();
    expect(checkPhone('+44-20-7946-0321')).toBeNull();
    expect(key(checkPhone('04 123 4567'))).toBe('phoneInvalid');
    expect(key(checkPhone('+1234567'))).toBe('phoneInvalid');
    expect(key(checkPhone('+1234567890123456'))).toBe('phoneInvalid');
    expect(key(checkPhone('+971 (4) 123 4567'))).toBe('phoneInvalid');
  });

  it('new password: 12 to 128 characters, no composition rules, nothing personal', () => {
    expect(key(checkNewPassword(''))).toBe('required');
    expect(key(checkNewPassword('short pass'))).toBe('passwordShort');
    expect(checkNewPassword('alllowercaseletters')).toBeNull();
    expect(key(checkNewPassword('x'.repeat(129)))).toBe('passwordLong');
    // Characters, not UTF-16 units: twelve emoji are twelve characters.
    expect(checkNewPassword('🔒'.repeat(12))).toBeNull();
    const personal = ['amira.haddad@example.com', 'Amira', 'Haddad', 'Amira Haddad'];
    expect(key(checkNewPassword('Amira.Haddad@example.com', personal))).toBe('passwordPersonal');
    expect(key(checkNewPassword('amira.haddad', personal))).toBe('passwordPersonal');
    expect(key(checkNewPassword('amira haddad', personal))).toBe('passwordPersonal');
    expect(checkNewPassword('amira haddad 2026', personal)).toBeNull();
  });

  it('confirmation and code', () => {
    expect(key(checkConfirmation('', 'secret'))).toBe('required');
    expect(key(checkConfirmation('secreT', 'secret'))).toBe('passwordMismatch');
    expect(checkConfirmation('secret', 'secret')).toBeNull();
    expect(checkCode('012345')).toBeNull();
    expect(checkCode(' 012345 ')).toBeNull();
    expect(key(checkCode(''))).toBe('required');
    expect(key(checkCode('12345'))).toBe('codeFormat');
    expect(key(checkCode('12a456'))).toBe('codeFormat');
  });

  it('rates strength by length and variety, not by character classes', () => {
    expect(passwordStrength('')).toBe('empty');
    expect(passwordStrength('Ab1!')).toBe('short');
    expect(passwordStrength('aaaaaaaaaaaaaaaa')).toBe('fair');
    expect(passwordStrength('abcabcabcabcabc')).toBe('fair');
    expect(passwordStrength('river lamp quietly')).toBe('good');
    expect(passwordStrength('correct horse battery staple')).toBe('strong');
  });
});
