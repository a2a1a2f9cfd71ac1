import fs from 'node:fs';
import { createNodeResolver } from 'eslint-plugin-import-x';

// The server's rules: its layers and areas (docs/ARCHITECTURE.md, "Server module boundaries").
// Every folder of apps/server/src/modules is an area; a new one is bounded without editing this list.
const serverModulesDir = new URL('../apps/server/src/modules/', import.meta.url);
const serverAreas = fs
  .readdirSync(serverModulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverIndexes = serverAreas.map((area) => `./${area}/index.ts`);

export default [
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
];
