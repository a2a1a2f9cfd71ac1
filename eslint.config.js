import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

import serverRules from './lint/server.js';
import webRules from './lint/web.js';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/test-results/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` alone still loads the module at run time: in the web app that pulled
      // zod onto the message screen (issue 17). `import type { X }` loads nothing.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // The contract imports nothing of ours: no React, no Fastify.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm', '@postline/*'] },
      ],
    },
  },
  ...webRules,
  ...serverRules,
  {
    files: [
      '**/*.{test,spec}.{ts,tsx}',
      '**/test/**/*.ts',
      '**/e2e/**/*.ts',
      'bench/**/*.{js,mjs}',
      'scripts/**/*.mjs',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
