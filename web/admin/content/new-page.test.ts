import { describe, expect, it } from 'vitest';
import { slugFromTitle } from './new-page';

describe('slugFromTitle', () => {
  it('makes lower-case words joined by hyphens of a title', () => {
    expect(slugFromTitle('Cloud Security Assessment')).toBe('cloud-security-assessment');
    expect(slugFromTitle('  ISO/IEC 27001: Lead Audit  ')).toBe('iso-iec-27001-lead-audit');
    expect(slugFromTitle('Évaluation de sécurité')).toBe('evaluation-de-securite');
  });

  it('leaves out what is no Latin letter or digit, and stays within 80 characters', () => {
    expect(slugFromTitle('تقييم أمن السحابة')).toBe('');
    const long = slugFromTitle('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
