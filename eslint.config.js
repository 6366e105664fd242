import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lender from './scripts/eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Feature folders stay apart; only the composition roots (the router, the list of calls, start-up,
    // test and staff tooling) wire features together. scripts/eslint/feature-boundaries.js says why.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { lender },
    rules: {
      'lender/feature-boundaries': [
        'error',
        {
          layers: [
            {
              root: 'apps/api/src',
              // db/schema.ts assembles the `Database` type from the table interfaces each owner keeps, some
              // of them features' (issue 44): types only, so no code of a feature reaches shared code.
              composition: [
                'app.ts',
                'implemented-calls.ts',
                'servicing.ts',
                'server.ts',
                'start.ts',
                'db/schema.ts',
                'ops/**',
                'test/**',
              ],
            },
            { root: 'apps/web/src', composition: ['app/**', 'main.tsx', 'testing/**'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the React Compiler rules do not apply (we do not compile with it).
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Migrations are frozen in time: they take Kysely<any>, not today's table types.
    files: ['apps/api/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Files that stop growing (issue 44): a file past this is split by what it holds, tests included.
    files: ['apps/api/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/api/src/ops/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
