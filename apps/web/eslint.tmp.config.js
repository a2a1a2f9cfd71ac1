import path from 'node:path';
import { createNodeResolver } from 'eslint-plugin-import-x';
import base from '../../eslint.config.js';
export default [
  ...base,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['source', 'import', 'default'],
          alias: { '@': [path.resolve('apps/web/src')] },
        }),
      ],
    },
    rules: { 'import-x/no-unresolved': 'error' },
  },
];
