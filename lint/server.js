import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { createNodeResolver } from 'eslint-plugin-import-x';

// The server's rules: its layers and areas (docs/ARCHITECTURE.md, "Server layers"). Over 300 lines
// would be a warning; this file is the walls and the one rule no plugin has (cycles with types).

const serverSrc = fileURLToPath(new URL('../apps/server/src/', import.meta.url));
const src = (part) => `./apps/server/src/${part}`;

// Every folder of apps/server/src/modules is an area; a new one is bounded without editing this list.
const serverAreas = fs
  .readdirSync(path.join(serverSrc, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverIndexes = serverAreas.map((area) => `./${area}/index.ts`);
const serverRoutes = serverAreas.map((area) => `./${area}/routes.ts`);

// The files at the top of src are the composition root, but config.ts, which the floor reads.
const rootFiles = fs
  .readdirSync(serverSrc)
  .filter((name) => name.endsWith('.ts') && name !== 'config.ts')
  .map((name) => src(name));

/** The layers, top down; each may import only the layers below it (and itself). */
const layers = [
  { name: 'the composition root (src/*.ts)', paths: rootFiles },
  { name: 'transport', paths: [src('mail/transport'), src('realtime'), src('plugins')] },
  { name: 'the areas', paths: [src('modules')] },
  { name: 'the pipeline', paths: [src('mail/pipeline')] },
  { name: 'the format helpers', paths: [src('mail/format')] },
  {
    name: 'the floor',
    paths: [src('db'), src('lib'), src('storage'), src('locales'), src('config.ts')],
  },
];

const layerZones = layers.slice(1).map((layer, i) => ({
  target: layer.paths,
  from: layers.slice(0, i + 1).flatMap((above) => above.paths),
  message: `${layer.name}: import only from the layers below (root > transport > areas > pipeline > format > floor).`,
}));

/*
 * import-x/no-cycle passes over type-only imports, and a type import is a dependency all the same:
 * mail/types.ts taking SenderTrace from a delivery step tied 51 files into one circle (issue 35).
 * So the server's cycles are found here, every static import, export-from and import() counted.
 */
const importsCache = new Map();

/** The .ts files a file imports by relative path (packages are never part of our cycles). */
function importsOf(file) {
  const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  const cached = importsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const targets = [];
  if (mtime !== undefined) {
    const text = fs.readFileSync(file, 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolveRelative(file, fileName);
      if (target) targets.push(target);
    }
  }
  importsCache.set(file, { mtime, targets });
  return targets;
}

/** './x.js' (NodeNext) is the .ts beside it; anything else that is not one of our files is ignored. */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, path.join(base, 'index.ts')];
  return candidates.find((c) => c.endsWith('.ts') && fs.existsSync(c)) ?? null;
}

/** The shortest way from `start` back to `file`, as a list of files, or null. */
function wayBack(start, file) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === file) {
      const way = [];
      for (let at = current; at !== null; at = cameFrom.get(at)) way.unshift(at);
      return way;
    }
    for (const next of importsOf(current)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, type-only imports counted' },
    messages: { cycle: 'Import cycle (type-only imports count): {{way}}' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node, specifier) => {
      const target = typeof specifier === 'string' ? resolveRelative(file, specifier) : null;
      const way = target && wayBack(target, file);
      if (way) {
        const names = [file, ...way].map((f) => path.relative(serverSrc, f));
        context.report({ node, messageId: 'cycle', data: { way: names.join(' -> ') } });
      }
    };
    const fromSource = (node) => node.source && check(node, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value),
    };
  },
};

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
  },
  {
    // The shared contract keeps import-x's cycle rule (value imports); the server counts types too.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      // Packages never import our files, so their graphs are not walked (pglite's bundle would
      // also overflow the parser).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: {
      'server/no-import-cycle': 'error',
      // Allowed directions (docs/ARCHITECTURE.md, "Server layers"):
      // - each layer imports only the layers below it: root > transport > areas > pipeline >
      //   format > floor (db/, lib/, storage/, locales/, config.ts);
      // - modules/<area> imports its own files and another area only through that area's index.ts;
      // - transport imports an area through its index.ts; the root also registers its routes.ts.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            ...serverAreas.map((area) => ({
              target: src(`modules/${area}`),
              from: src('modules'),
              except: [`./${area}`, ...serverIndexes.filter((index) => index !== `./${area}/index.ts`)],
              message: 'Import another area through its index.ts, never its other files.',
            })),
            {
              target: [src('mail/transport'), src('realtime'), src('plugins')],
              from: src('modules'),
              except: serverIndexes,
              message: 'Import an area through its index.ts, never its other files.',
            },
            {
              target: rootFiles,
              from: src('modules'),
              except: [...serverIndexes, ...serverRoutes],
              message: 'The root takes an area through its index.ts, and its routes from routes.ts.',
            },
          ],
        },
      ],
    },
  },
];
