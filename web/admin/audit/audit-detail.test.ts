import { describe, expect, test } from 'vitest';
import { contentItem, describeDetail } from './audit-detail';
import { translate, type Key, type Lang } from '../i18n';

const reader = (lang: Lang) => (key: Key, params?: Record<string, string | number>) =>
  translate(lang, key, params);

describe('audit details in the reader’s language', () => {
  test('methods and failed sign-ins are named, in Arabic too', () => {
    expect(describeDetail(reader('en'), 'second-factor-added', 'totp')).toBe('authenticator app');
    expect(describeDetail(reader('ar'), 'second-factor-added', 'passkey')).toBe('مفتاح مرور');
    expect(describeDetail(reader('ar'), 'second-factor-failed', 'recovery code')).toBe(
      'رمز استرداد',
    );
    expect(describeDetail(reader('ar'), 'sign-in-failed', 'wrong password')).toBe(
      'كلمة مرور خاطئة',
    );
    expect(describeDetail(reader('ar'), 'sign-in-failed', 'no second factor, no set-up link')).toBe(
      'بلا عامل تحقق ثانٍ ولا رابط إعداد',
    );
  });

  test('a role change names both roles with their languages or office, read in order', () => {
    expect(describeDetail(reader('en'), 'role-change', 'translator (ar,fr) → sales (dubai)')).toBe(
      'Translator (Arabic, French) → Sales (Dubai)',
    );
    expect(describeDetail(reader('ar'), 'role-change', 'editor → viewer')).toBe('محرّر ← مطّلع');
  });

  test('an export counts its rows; an invitation names the role', () => {
    expect(describeDetail(reader('ar'), 'audit-export', '12 rows')).toBe('12 صفًا');
    expect(describeDetail(reader('en'), 'invitation', 'hr')).toBe('HR');
  });

  test('an inbox item: its status and assignee changes, notes and exports', () => {
    const names = (id: string) => (id === 'st-1' ? 'Hala Nasser' : id);
    expect(describeDetail(reader('ar'), 'submission-status', 'new → in-progress')).toBe(
      'جديد ← قيد المتابعة',
    );
    expect(describeDetail(reader('en'), 'submission-assignee', 'none → st-1', names)).toBe(
      'Nobody → Hala Nasser',
    );
    expect(describeDetail(reader('en'), 'submission-note', 'note 7')).toBe('note 7');
    expect(describeDetail(reader('ar'), 'submission-note', 'note 7')).toBe('الملاحظة 7');
    expect(describeDetail(reader('en'), 'inbox-export', '3 rows (kind=rfp)')).toBe(
      '3 rows (kind=rfp)',
    );
  });

  test("a visitor account's sessions ended by an action", () => {
    expect(describeDetail(reader('en'), 'visitor-sessions-ended', '2 sessions')).toBe(
      'Sessions ended: 2',
    );
    expect(describeDetail(reader('ar'), 'visitor-disable', '1 sessions')).toBe(
      'الجلسات المنتهية: 1',
    );
    expect(describeDetail(reader('en'), 'visitor-delete', '')).toBe('');
  });

  test('an erasure counts what went, in both languages', () => {
    const stored = 'account=1 sessions=2 registrations=0 submissions=3 cvs=1 mail=2 outbox=0';
    expect(describeDetail(reader('en'), 'erasure', stored)).toBe(
      'account 1, sessions 2, registrations 0, submissions 3, CVs 1, e-mails 2, outbox 0',
    );
    expect(describeDetail(reader('ar'), 'erasure', stored)).toBe(
      'الحساب 1، الجلسات 2، التسجيلات 0، الطلبات 3، السير الذاتية 1، الرسائل 2، صندوق الصادر 0',
    );
    expect(describeDetail(reader('en'), 'erasure', 'something else')).toBe('something else');
    expect(
      describeDetail(reader('en'), 'erasure-lookup', 'account=1 submissions=3 mail=2 outbox=0'),
    ).toBe('found: account 1, submissions 3, e-mails 2, outbox 0');
  });

  test('a refusal names what the account lacks', () => {
    expect(describeDetail(reader('en'), 'refused', 'audit')).toBe(
      'Needs: Read and export the audit trail',
    );
    expect(describeDetail(reader('ar'), 'refused', 'language en')).toBe(
      'ليست من لغات الحساب: الإنجليزية',
    );
    expect(describeDetail(reader('en'), 'refused', 'content.write')).toBe('Needs: content.write');
  });

  test('a content action names its version, and its item leads to the editor', () => {
    expect(describeDetail(reader('en'), 'content-publish', 'version 12')).toBe('Version 12');
    expect(describeDetail(reader('ar'), 'content-restore', 'version 3')).toBe('النسخة 3');
    expect(describeDetail(reader('en'), 'content-unpublish', '')).toBe('');
    expect(describeDetail(reader('en'), 'content-publish', 'version 12, scheduled')).toBe(
      'Version 12 · as scheduled',
    );
    expect(describeDetail(reader('ar'), 'content-unpublish', 'scheduled')).toBe('حسب الجدولة');
    const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
    expect(
      plain(
        describeDetail(
          reader('en'),
          'content-schedule',
          'publish version 12 at 2026-11-27T09:00:00Z (Asia/Riyadh)',
        ),
      ),
    ).toBe('Publish version 12 on 2026-11-27 12:00, Asia/Riyadh');
    expect(
      plain(
        describeDetail(
          reader('ar'),
          'content-schedule-cancel',
          'unpublish at 2026-11-27T09:00:00Z (America/New_York)',
        ),
      ),
    ).toBe('إلغاء النشر في 2026-11-27 04:00، America/New York');
    expect(
      plain(
        describeDetail(
          reader('en'),
          'content-schedule-voided',
          'publish version 12 at 2026-11-27T09:00:00Z (Asia/Riyadh)',
        ),
      ),
    ).toBe('Publish version 12 on 2026-11-27 12:00, Asia/Riyadh');
    expect(contentItem('news/cairo-office-moves (ar)')).toBe(
      '/admin/content/news/cairo-office-moves',
    );
    expect(contentItem('news/../../admin (ar)')).toBe('');
  });

  test('a changed address reads in order, a settings save by its number', () => {
    expect(describeDetail(reader('en'), 'content-rename', 'old-story → new-story')).toBe(
      'old-story → new-story',
    );
    expect(describeDetail(reader('ar'), 'settings-save', 'revision 3')).toBe('الحفظ رقم 3');
    expect(describeDetail(reader('en'), 'settings-save', 'revision 3')).toBe('Save 3');
  });

  test('what it does not know is shown as stored', () => {
    expect(describeDetail(reader('ar'), 'role-change', 'no arrow here')).toBe('no arrow here');
    expect(describeDetail(reader('ar'), 'second-factor-added', 'carrier pigeon')).toBe(
      'carrier pigeon',
    );
    expect(describeDetail(reader('en'), 'sign-in', '')).toBe('');
  });
});
