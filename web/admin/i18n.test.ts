import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

describe('the back-office words', () => {
  it('count passkeys and recovery codes in the forms each language has', () => {
    expect(translate('en', 'home.passkeys', { count: 1 })).toBe('1 passkey');
    expect(translate('en', 'home.passkeys', { count: 2 })).toBe('2 passkeys');
    expect(translate('en', 'home.codesLeft', { count: 1 })).toBe('1 recovery code left');
    expect(
      [0, 1, 2, 3, 11, 100].map((count) => translate('ar', 'home.passkeys', { count })),
    ).toEqual([
      'لا مفتاح مرور (0)',
      'مفتاح مرور واحد (1)',
      'مفتاحا مرور (2)',
      '3 مفاتيح مرور',
      '11 مفتاحًا للمرور',
      '100 مفتاح مرور',
    ]);
    expect(translate('ar', 'home.codesLeft', { count: 10 })).toBe('بقيت 10 رموز استرداد');
  });
});
