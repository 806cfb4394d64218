import { describe, expect, it } from 'vitest';
import {
  checkChoice,
  checkConsent,
  checkCv,
  checkFullName,
  checkLine,
  checkLinkedIn,
  checkPhoneNumber,
  checkText,
  formLimits,
} from './rules';

// Each case is something a visitor types, pastes or attaches, and what the form then says. The
// server (api/forms/validate.go, application.go) applies the same rules and has the last word.

const invalidLinkedIn = { key: 'linkedInInvalid' };

describe('checkLinkedIn', () => {
  it('leaves the field optional: empty or only spaces is fine', () => {
    expect(checkLinkedIn('')).toBeNull();
    expect(checkLinkedIn('   ')).toBeNull();
  });

  it('accepts a profile address as LinkedIn gives it, with or without a trailing slash or query', () => {
    expect(checkLinkedIn('https://www.linkedin.com/in/layla-mansour')).toBeNull();
    expect(checkLinkedIn('https://www.linkedin.com/in/layla-mansour/')).toBeNull();
    expect(checkLinkedIn(' https://www.linkedin.com/in/layla-mansour ')).toBeNull();
    expect(
      checkLinkedIn('https://www.linkedin.com/in/layla-mansour?utm_source=share&utm_medium=ios'),
    ).toBeNull();
  });

  it('refuses an address that is not https, not www.linkedin.com, or not a personal profile', () => {
    for (const address of [
      'http://www.linkedin.com/in/layla-mansour',
      'www.linkedin.com/in/layla-mansour',
      'linkedin.com/in/layla-mansour',
      'https://linkedin.com/in/layla-mansour',
      'https://nl.linkedin.com/in/layla-mansour',
      'https://www.linkedin.com.example.net/in/layla-mansour',
      'https://www.linkedin.com/company/noorvale-assurance',
      'https://www.linkedin.com/in/',
      'https://www.linkedin.com/in//',
      'https://www.linkedin.com/layla-mansour',
      'layla-mansour',
    ]) {
      expect(checkLinkedIn(address), address).toEqual(invalidLinkedIn);
    }
  });

  it('refuses what the server would: a capitalised host, a port, or a user name in the address', () => {
    expect(checkLinkedIn('https://WWW.LinkedIn.com/in/layla-mansour')).toEqual(invalidLinkedIn);
    expect(checkLinkedIn('https://www.linkedin.com:443/in/layla-mansour')).toEqual(invalidLinkedIn);
    expect(checkLinkedIn('https://layla@www.linkedin.com/in/layla-mansour')).toEqual(
      invalidLinkedIn,
    );
  });

  it('refuses quotes, angle brackets and spaces inside the address', () => {
    expect(checkLinkedIn('https://www.linkedin.com/in/layla"mansour')).toEqual(invalidLinkedIn);
    expect(checkLinkedIn('https://www.linkedin.com/in/<script>')).toEqual(invalidLinkedIn);
    expect(checkLinkedIn('https://www.linkedin.com/in/layla mansour')).toEqual(invalidLinkedIn);
  });

  it('says how long the address may be before anything else', () => {
    const prefix = 'https://www.linkedin.com/in/';
    const longest = prefix + 'a'.repeat(formLimits.linkedIn - prefix.length);
    expect(checkLinkedIn(longest)).toBeNull();
    expect(checkLinkedIn(longest + 'a')).toEqual({ key: 'tooLong', params: { max: 200 } });
  });
});

describe('checkCv', () => {
  const megabytes = (n: number) => n * 1024 * 1024;

  it('asks for a CV when none is attached, or when the file is empty', () => {
    expect(checkCv(null)).toEqual({ key: 'cvMissing' });
    expect(checkCv({ name: 'cv.pdf', size: 0 })).toEqual({ key: 'cvMissing' });
  });

  it('takes a PDF or a Word .docx file, whatever the case of its extension', () => {
    expect(checkCv({ name: 'Layla Mansour - CV.pdf', size: 180_000 })).toBeNull();
    expect(checkCv({ name: 'CV.PDF', size: 180_000 })).toBeNull();
    expect(checkCv({ name: 'cv.final.docx', size: 42_000 })).toBeNull();
    expect(checkCv({ name: 'السيرة الذاتية.pdf', size: 42_000 })).toBeNull();
  });

  it('refuses other formats, including old Word, macro-enabled Word and disguised programs', () => {
    for (const name of ['cv.doc', 'cv.docm', 'cv.odt', 'cv.rtf', 'cv.png', 'cv.pdf.exe', 'cv']) {
      expect(checkCv({ name, size: 10_000 }), name).toEqual({ key: 'cvType' });
    }
  });

  it('takes a file of exactly 5 MB and refuses one byte more', () => {
    expect(checkCv({ name: 'cv.pdf', size: megabytes(5) })).toBeNull();
    expect(checkCv({ name: 'cv.pdf', size: megabytes(5) + 1 })).toEqual({
      key: 'cvTooLarge',
      params: { max: 5 },
    });
  });

  it('names the wrong format before the size, since a smaller file would not help', () => {
    expect(checkCv({ name: 'portfolio.zip', size: megabytes(20) })).toEqual({ key: 'cvType' });
  });
});

describe('checkText', () => {
  const limit = formLimits.coverLetter;

  it('requires some text, not only spaces and line breaks, unless the field is optional', () => {
    expect(checkText('', limit)).toEqual({ key: 'required' });
    expect(checkText(' \n\t \n', limit)).toEqual({ key: 'required' });
    expect(checkText('', limit, false)).toBeNull();
  });

  it('keeps paragraphs and tabs, and counts a Windows line break as one character', () => {
    expect(checkText('Dear team,\n\n\tI would like to apply.', limit)).toBeNull();
    expect(checkText('ab\r\ncd', 5)).toBeNull();
    expect(checkText('ab\r\ncde', 5)).toEqual({ key: 'tooLong', params: { max: 5 } });
  });

  it('counts characters as a reader does: an emoji or an Arabic letter is one', () => {
    expect(checkText('🙂'.repeat(limit), limit)).toBeNull();
    expect(checkText('م'.repeat(limit + 1), limit)).toEqual({
      key: 'tooLong',
      params: { max: limit },
    });
  });

  it('does not count the spaces around the text', () => {
    expect(checkText(`  ${'a'.repeat(limit)}\n\n`, limit)).toBeNull();
  });

  it('refuses control characters pasted from elsewhere, and a lone carriage return', () => {
    expect(checkText('Dear team,\u0000', limit)).toEqual({ key: 'invalidChars' });
    expect(checkText('one\u2028two', limit)).toEqual({ key: 'invalidChars' });
    expect(checkText('one\rtwo', limit)).toEqual({ key: 'invalidChars' });
  });
});

describe('checkLine', () => {
  it('requires a value only when asked to', () => {
    expect(checkLine('   ', formLimits.line, true)).toEqual({ key: 'required' });
    expect(checkLine('   ', formLimits.line, false)).toBeNull();
  });

  it('allows exactly the limit, spaces around not counted, and refuses one character more', () => {
    expect(checkLine(` ${'x'.repeat(150)} `, formLimits.line, true)).toBeNull();
    expect(checkLine('x'.repeat(151), formLimits.line, true)).toEqual({
      key: 'tooLong',
      params: { max: 150 },
    });
  });

  it('accepts names in any script and with punctuation', () => {
    expect(checkLine('ليلى منصور', formLimits.name, true)).toBeNull();
    expect(checkLine('Zoë O’Brien-Dupré', formLimits.name, true)).toBeNull();
  });

  it('refuses a line break or a tab, which could reach an e-mail header', () => {
    expect(checkLine('Noorvale\nBcc: someone@example.com', formLimits.line, true)).toEqual({
      key: 'invalidChars',
    });
    expect(checkLine('Noorvale\tAssurance', formLimits.line, true)).toEqual({
      key: 'invalidChars',
    });
  });
});

describe('checkFullName', () => {
  it('refuses a name with invisible direction or zero-width characters, as the server does', () => {
    expect(checkFullName('Eve \u202egro.live')).toEqual({ key: 'invisibleChars' });
    expect(checkFullName('Visit evil\u200b.example')).toEqual({ key: 'invisibleChars' });
    expect(checkFullName('ليلى منصور')).toBeNull();
    expect(checkFullName('x'.repeat(101))).toEqual({ key: 'tooLong', params: { max: 100 } });
  });
});

describe('checkPhoneNumber', () => {
  const invalid = { key: 'phoneInvalid' };

  it('is required on an application and optional on a contact form', () => {
    expect(checkPhoneNumber('', true)).toEqual({ key: 'required' });
    expect(checkPhoneNumber('  ', true)).toEqual({ key: 'required' });
    expect(checkPhoneNumber('', false)).toBeNull();
  });

  it('accepts international numbers with spaces or dashes', () => {
    expect(checkPhoneNumber('+971 4 123 4567', true)).toBeNull();
    expect(checkPhoneNumber('+44 20-7946-0958', true)).toBeNull();
    expect(checkPhoneNumber('+201001234567', true)).toBeNull();
  });

  it('needs the + and the country code', () => {
    expect(checkPhoneNumber('04 123 4567', true)).toEqual(invalid);
    expect(checkPhoneNumber('00971 4 123 4567', true)).toEqual(invalid);
  });

  it('refuses brackets, dots and Arabic-Indic digits, which the server does not read', () => {
    expect(checkPhoneNumber('+44 (0)20 7946 0958', true)).toEqual(invalid);
    expect(checkPhoneNumber('+31.20.123.4567', true)).toEqual(invalid);
    expect(checkPhoneNumber('+٩٧١ ٤ ١٢٣ ٤٥٦٧', true)).toEqual(invalid);
  });

  it('takes 8 to 15 digits', () => {
    expect(checkPhoneNumber('+1234567', true)).toEqual(invalid);
    expect(checkPhoneNumber('+12345678', true)).toBeNull();
    expect(checkPhoneNumber('+123456789012345', true)).toBeNull();
    expect(checkPhoneNumber('+1234567890123456', true)).toEqual(invalid);
  });
});

describe('checkConsent', () => {
  it('requires the privacy box to be ticked', () => {
    expect(checkConsent(false)).toEqual({ key: 'consentRequired' });
    expect(checkConsent(true)).toBeNull();
  });
});

describe('checkChoice', () => {
  const sizes = ['1-49', '50-249', '250-999', '1000-4999', '5000+'] as const;

  it('asks for a choice when the list is left on its empty entry', () => {
    expect(checkChoice('', sizes)).toEqual({ key: 'choiceRequired' });
  });

  it('accepts only a value from the list, exactly as offered', () => {
    expect(checkChoice('50-249', sizes)).toBeNull();
    expect(checkChoice('5000+', sizes)).toBeNull();
    expect(checkChoice('50 - 249', sizes)).toEqual({ key: 'choiceRequired' });
    expect(checkChoice('10000+', sizes)).toEqual({ key: 'choiceRequired' });
  });
});
