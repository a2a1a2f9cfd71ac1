import path from 'node:path';
import globals from 'globals';
import { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// The web app's rules: its layers (STYLE.md) and its features' walls.
const webFeatures = [
  'auth',
  'dashboard',
  'mail',
  'mail-list',
  'message',
  'compose',
  'filters',
  'notifications',
  'templates',
  'signatures',
  'settings',
  'contacts',
];

// features/mail is the mail state the mail screens share: the folder tree, one message, star and
// read, the cache updaters and the merge of new mail. These may import it (filters for the folder
// tree its move action picks from, and which an import that made folders reloads); it imports no
// feature, and no other feature imports another.
const mailFeatures = ['mail-list', 'message', 'compose', 'dashboard', 'notifications', 'filters'];

// One rule for web data (issue 35): a feature's fetchers are its api/ files, one a server call, the
// only code that calls the API client; its server state (TanStack Query and the app's one cache)
// is its queries.ts, whose hooks components and other hooks call. Code may still name the cache's
// types: the cache updaters (features/mail/cache.ts, notifications-cache.ts, the push handler) are
// plain functions of a client that queries.ts hands them. Tests build and read the cache as they need.
const cacheOnlyInQueries = [
  {
    name: '@tanstack/react-query',
    allowTypeImports: true,
    message: "Server state lives in the feature's queries.ts: use or add a hook there.",
  },
  {
    name: '@/lib/query-client',
    importNames: ['queryClient', 'createQueryClient'],
    message: "The cache is the feature's queries.ts business: use or add a hook or function there.",
  },
];
const fetchOnlyInApi = [
  {
    name: '@/lib/api-client',
    allowTypeImports: true,
    message: "Calls to the server are the feature's api/ files, one a call: use or add one there.",
  },
];
const FEATURE_TESTS = ['apps/web/src/features/**/*.test.{ts,tsx}'];

export default [
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
      // a feature never imports another feature, features/mail aside (mailFeatures).
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
              except: [`./${feature}`, ...(mailFeatures.includes(feature) ? ['./mail'] : [])],
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/queries.ts', 'apps/web/src/features/*/api/**', ...FEATURE_TESTS],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [...cacheOnlyInQueries, ...fetchOnlyInApi] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/api/**/*.ts'],
    ignores: FEATURE_TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: cacheOnlyInQueries }] },
  },
  {
    files: ['apps/web/src/features/*/queries.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: fetchOnlyInApi }] },
  },
];
