import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';
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

// Every folder of apps/server/src/modules is an area; a new one is bounded without editing this list.
const serverModulesDir = new URL('./apps/server/src/modules/', import.meta.url);
const serverAreas = fs
  .readdirSync(serverModulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverIndexes = serverAreas.map((area) => `./${area}/index.ts`);

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
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    settings: {
      // no-cycle reads the imported files themselves: without these it skips every .ts file.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        // Server and shared import their .ts files with a .js suffix (NodeNext): mapped back here.
        createNodeResolver({
          extensions: ['.ts', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.js'] },
          conditionNames: ['source', 'import', 'default'],
        }),
      ],
    },
    rules: {
      // Packages never import our files, so their graphs are not walked (pglite's bundle would
      // also overflow the parser).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // Allowed directions (docs/ARCHITECTURE.md, "Server module boundaries"):
      // - lib/, db/, storage/ and locales/ are the floor: they import nothing from modules/, mail/,
      //   realtime/ or plugins/.
      // - modules/<area> imports its own files, another area only through that area's index.ts,
      //   and lib/, db/, storage/, locales/, mail/ and realtime/.
      // - mail/, realtime/, plugins/ and the files at the top of src (app.ts, build-server.ts, ...)
      //   import an area only through its index.ts.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './apps/server/src/lib',
                './apps/server/src/db',
                './apps/server/src/storage',
                './apps/server/src/locales',
              ],
              from: [
                './apps/server/src/modules',
                './apps/server/src/mail',
                './apps/server/src/realtime',
                './apps/server/src/plugins',
              ],
              message: 'lib/, db/, storage/ and locales/ sit below modules/, mail/, realtime/ and plugins/.',
            },
            ...serverAreas.map((area) => ({
              target: `./apps/server/src/modules/${area}`,
              from: './apps/server/src/modules',
              except: [`./${area}`, ...serverIndexes.filter((index) => index !== `./${area}/index.ts`)],
              message: 'Import another area through its index.ts, never its other files.',
            })),
            {
              target: ['./apps/server/src/!(modules)/**/*', './apps/server/src/*.ts'],
              from: './apps/server/src/modules',
              except: serverIndexes,
              message: 'Import an area through its index.ts, never its other files.',
            },
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
