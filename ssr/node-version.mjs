// The Node.js release the project runs on. package.json's engines field names the oldest major
// (">=24"); the build, the tests, the browser tests' runner and the renderer refuse an older Node
// at start, with a message saying what to do, rather than fail later on an API it lacks.
import { readFileSync } from 'node:fs';

/**
 * The major of a ">=MAJOR[.MINOR[.PATCH]]" engines range.
 * @param {unknown} range
 */
export function minimumMajor(range) {
  const match = /^>=\s*(\d+)(?:\.\d+){0,2}$/.exec(String(range ?? '').trim());
  if (!match)
    throw new Error(`package.json engines.node is ${JSON.stringify(range)}; expected ">=MAJOR"`);
  return Number(match[1]);
}

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The oldest Node.js major the project supports. */
export const requiredNodeMajor = minimumMajor(pkg.engines?.node);

/**
 * Why `version` cannot run the project, or null when it can.
 * @param {string} [version] a Node.js version, "24.21.0" or "v24.21.0"
 */
export function nodeVersionProblem(version = process.versions.node) {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= requiredNodeMajor) return null;
  return (
    `Node.js ${version.replace(/^v?/, 'v')} is older than this project supports ` +
    `(${requiredNodeMajor} or newer). \`go tool task setup\` installs the pinned Node ` +
    `${requiredNodeMajor} into tools/node on such a machine and every task uses it; ` +
    `outside the tasks, put tools/node/node_modules/.bin first on PATH.`
  );
}

/** Throws when the running Node.js is older than the project supports. */
export function assertNodeVersion() {
  const problem = nodeVersionProblem();
  if (problem) throw new Error(problem);
}
