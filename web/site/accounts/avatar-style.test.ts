import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  avatarColour,
  avatarColourIndex,
  avatarColours,
  contrastRatio,
  initials,
} from './avatar-style';

describe('initials', () => {
  it.each([
    ['Amira Haddad', 'AH'],
    ['  amira   al haddad  ', 'AH'],
    ['Jean-Luc Picard', 'JP'],
    ['Cher', 'C'],
    ['omar', 'O'],
    ['Mary Ann van der Berg', 'MB'],
    ['أحمد علي', 'أع'],
    ['', ''],
    ['   ', ''],
    ['Émile Zola', 'ÉZ'],
    ['𝒜lice Smith', '𝒜S'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('avatar colour', () => {
  it('is the sum of the UTF-16 code units of the name modulo 5', () => {
    // "AB" = 65 + 66 = 131; 131 % 5 = 1.
    expect(avatarColourIndex('AB')).toBe(1);
    // "Amira Haddad": 65+109+105+114+97+32+72+97+100+100+97+100 = 1088; 1088 % 5 = 3.
    expect(avatarColourIndex('Amira Haddad')).toBe(3);
    expect(avatarColour('Amira Haddad')).toBe(avatarColours[3]);
    // A character outside the BMP counts as its two code units.
    const astral = '𝒜';
    expect(avatarColourIndex(astral)).toBe(
      (astral.charCodeAt(0) + astral.charCodeAt(1)) % avatarColours.length,
    );
  });

  it('ignores spaces around the name, as the initials do', () => {
    expect(avatarColourIndex('  Amira Haddad ')).toBe(avatarColourIndex('Amira Haddad'));
  });

  it('has five colours, each with white text at 4.5:1 or more', () => {
    expect(avatarColours).toHaveLength(5);
    expect(new Set(avatarColours).size).toBe(5);
    for (const colour of avatarColours) {
      expect(contrastRatio(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('matches the avatar tokens of the stylesheet', () => {
    const css = readFileSync(new URL('../../shared/theme/theme.css', import.meta.url), 'utf8');
    avatarColours.forEach((colour, index) => {
      expect(css).toContain(`--color-avatar-${index}: ${colour};`);
    });
  });

  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
