import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeLocalPath } from './local-path';

// The server's NormalizeLocalPath is tested against the same table: a path either side accepts,
// the other accepts alike.
type Case = { in: string; out: string | null; why: string };
const cases: Case[] = JSON.parse(
  readFileSync(new URL('../../../api/server/testdata/local-paths.json', import.meta.url), 'utf8'),
);

describe('normalizeLocalPath', () => {
  it('has the shared table of cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$why: $in', ({ in: value, out }) => {
    expect(normalizeLocalPath(value)).toBe(out);
  });

  it('leaves a normal path as it is', () => {
    for (const { out } of cases) {
      if (out !== null) expect(normalizeLocalPath(out)).toBe(out);
    }
  });

  it('refuses what is not a string of text', () => {
    expect(normalizeLocalPath(null)).toBeNull();
    expect(normalizeLocalPath(undefined)).toBeNull();
  });
});
