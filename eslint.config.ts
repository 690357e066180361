import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layers stay apart: `shared/` is pure and imports neither side; `electron/` never pulls React.
const boundaries = {
  shared: [
    {
      group: ['**/renderer/**', '**/electron/**'],
      message: 'shared/ must stay independent of renderer/ and electron/.',
    },
    { group: ['react', 'react-dom', 'electron', 'node:*'], message: 'shared/ is pure TypeScript.' },
  ],
  electron: [
    {
      group: ['react', 'react-*', 'antd', '@ant-design/*', '**/renderer/**'],
      message: 'electron/ never imports React or the renderer.',
    },
  ],
  renderer: [
    {
      group: ['**/server/**', '**/electron/**', 'node:*'],
      message: 'The renderer runs in a browser page: it never imports server/ or electron/.',
    },
  ],
  // Pages and the frame read data through features/<domain>/ (api.ts and its hooks), never
  // with a client of their own (renderer/session/ holds the client).
  pages: [
    {
      group: ['@supabase/*', '**/session/supabaseClient'],
      message: 'Read data through features/<domain>/api.ts and the query cache.',
    },
  ],
  server: [
    {
      group: ['**/renderer/**', '**/electron/**'],
      message: 'server/ (the local stack) never imports the renderer or electron/.',
    },
  ],
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'dist-electron/',
      'release/',
      'node_modules/',
      '.data/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Test doubles often stand in for async APIs without awaiting anything, and hand out
    // vi.fn() methods detached from their objects.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.shared }] },
  },
  {
    // Edge functions run under Deno: web-standard APIs, supabase-js and their own files only.
    files: ['supabase/functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '**/server/**', '**/shared/**', '**/renderer/**', '**/electron/**'],
              message: 'supabase/functions/ runs under Deno.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.electron }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.renderer }] },
  },
  {
    files: ['renderer/pages/**/*.{ts,tsx}', 'renderer/layout/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...boundaries.renderer, ...boundaries.pages] },
      ],
    },
  },
  {
    // Tables, database functions and edge functions are reached in features/<domain>/api.ts
    // only: `from(…)` (but the typed arrays' `Array.from`), `rpc` and `functions.invoke`, also
    // written as `client['from']` or taken apart, are refused anywhere else in the renderer. A
    // guard against the plain ways, not a proof: authentication calls (`auth.*`) are not data.
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/features/*/api.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='from']:not([callee.object.name=/Array$/])",
          "MemberExpression[property.value='from']",
          "MemberExpression[property.name='rpc']",
          "MemberExpression[property.value='rpc']",
          "MemberExpression[property.name='functions']",
          "ObjectPattern > Property[key.name='functions']",
        ].map((selector) => ({
          selector,
          message: 'Read and write data in features/<domain>/api.ts.',
        })),
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.server }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
