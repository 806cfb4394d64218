import { describe, expect, it } from 'vitest';
import { minimumMajor, nodeVersionProblem, requiredNodeMajor } from './node-version.mjs';

describe('the supported Node.js release', () => {
  it('is the one running the unit tests and the build', () => {
    expect(nodeVersionProblem(process.version)).toBeNull();
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(requiredNodeMajor);
  });

  it('turns an older release away with what to do about it', () => {
    const older = `${requiredNodeMajor - 4}.20.2`;
    const problem = nodeVersionProblem(older);
    expect(problem).toContain(`v${older}`);
    expect(problem).toContain(`${requiredNodeMajor} or newer`);
    expect(problem).toContain('go tool task setup');
    expect(nodeVersionProblem(`v${requiredNodeMajor - 1}.99.0`)).not.toBeNull();
  });

  it('accepts the required major and any newer one', () => {
    expect(nodeVersionProblem(`${requiredNodeMajor}.0.0`)).toBeNull();
    expect(nodeVersionProblem(`v${requiredNodeMajor + 2}.1.0`)).toBeNull();
  });

  it('reads the engines range package.json can hold', () => {
    expect(minimumMajor('>=24')).toBe(24);
    expect(minimumMajor('>= 22.12.0')).toBe(22);
    expect(() => minimumMajor('^24')).toThrow(/expected ">=MAJOR"/);
    expect(() => minimumMajor(undefined)).toThrow(/engines\.node/);
  });
});
