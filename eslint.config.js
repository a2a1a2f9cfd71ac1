import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = [
  'auth',
  'dashboard',
  'mailbox',
  'message',
  'compose',
  'filters',
  'notifications',
  'templates',
  'signatures',
];

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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['source', 'import', 'default'],
          alias: { '@': [path.resolve('apps/web/src')] },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every answer has a schema in packages/shared (issue 16 part 5): the client names its type.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'] > TSTypeParameterInstantiation TSTypeLiteral",
          message: 'Use the answer type from @postline/shared instead of a hand-written shape.',
        },
      ],
      // STYLE.md: shared code flows one way, components/ui and lib -> features -> app;
      // a feature never imports another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
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
