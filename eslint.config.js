// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import portside from './tools/lint/boundaries.js';

/**
 * One lint for the whole tree, zero warnings allowed (`npm run lint`). Type-aware rules read each
 * workspace's tsconfig. The architecture rules are proven by failing examples in tools/lint/*.test.ts:
 * `portside/boundaries` (features, shared, app, server), `no-explicit-any`, `no-floating-promises`.
 * Import cycles in apps/server/src and the place of SQL are checked by tools/lint/architecture.test.ts.
 */
export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.test-data/**', 'coverage/**', 'docs/examples/portside-api.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.ts',
            'tools/lint/*.js',
            'apps/web/vite.config.ts',
            'packages/contract/vitest.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { portside },
    rules: {
      'portside/boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function without await is how an interface's promise-returning method is often met; not a bug.
      '@typescript-eslint/require-await': 'off',
      // Input sanitising strips control characters on purpose (terminal output, SSH keys, headers, redirects).
      'no-control-regex': 'off',
      // React ignores an event handler's return; a promise-returning onClick is fine, a promise passed where a callback's
      // result is dropped (timers, process events) is not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read JSON answers and page state whose shape they assert; `any` flows from there, `no-explicit-any` still holds.
    files: ['**/*.test.ts', 'apps/server/test/**', 'apps/web/e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // expect(obj.method).toHaveBeenCalled() and the like.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  // Build and test-runner configs sit outside the workspaces' tsconfigs; they are linted without types.
  { files: ['**/*.js', '**/vite.config.ts', '**/vitest.config.ts'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
