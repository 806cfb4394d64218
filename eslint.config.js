import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Forbids files under `folder` to import from the sibling rooms named in `rooms`.
 * @param {string} folder
 * @param {string[]} rooms
 * @returns {import('typescript-eslint').ConfigWithExtends}
 */
function upwardImports(folder, rooms) {
  return {
    files: [`${folder}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: rooms.flatMap((room) => [`**/${room}`, `**/${room}/**`]),
              message: `${folder} does not import from ${rooms.map((room) => `web/${room}`).join(' or ')}; what the site and the back-office both use lives in web/shared.`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'bin/**', 'test-results/**', 'api/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Express recognises error handlers by their four parameters, used or not.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/{site,shared,admin}/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  // The front end's rooms: web/shared serves web/site and web/admin and imports neither; the site
  // and the back-office never import each other. What both need moves down to web/shared.
  upwardImports('web/shared', ['site', 'admin']),
  upwardImports('web/site', ['admin']),
  upwardImports('web/admin', ['site']),
  {
    files: ['ssr/**/*.{js,mjs,ts}', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser tests run in Node but pass callbacks that execute inside the page.
    files: ['web/e2e/**/*.{js,mjs,ts}', 'web/bench/**/*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
