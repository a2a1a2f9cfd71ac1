import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { FIRST_SCREENS, type FirstScreen } from './src/app/first-screens.ts';

const API_TARGET = 'http://127.0.0.1:8082';

// Libraries in long-lived chunks of their own: they change less often than app code.
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  // What every page needs (React, the router, i18next and the store hook it reads through): one
  // file rather than three also compresses about 1 kB smaller (docs/BENCHMARKS.md, login page).
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|react-router|cookie|set-cookie-parser|i18next|react-i18next|clsx)[\\/]/,
  },
  // The server-state cache: signed-in screens only, one file rather than a chunk per hook.
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

const SOURCE = fileURLToPath(new URL('./src/', import.meta.url));
const ENTRY = `${SOURCE}main.tsx`;
const LOGIN = [`${SOURCE}features/auth/components/LoginPage.tsx`];
/** The route table: its lazily loaded modules are the screens and their first data calls. */
const ROUTER = `${SOURCE}app/router.tsx`;
/**
 * What every signed-in screen loads: the layout, the folder tree's call started beside it, and the
 * mail list's first call, which shared a module with the folder tree's until issue 35 and stays in
 * the same chunk.
 */
const SIGNED_IN = [
  `${SOURCE}app/layout/AppLayout.tsx`,
  `${SOURCE}features/mail/prefetch.ts`,
  `${SOURCE}features/mail-list/prefetch.ts`,
];
/**
 * The default language's texts (SPEC §1: Korean), which a first visit loads before its first
 * render: the core areas on every page, the rest on the signed-in ones (src/lib/i18n.ts).
 */
const DEFAULT_TEXTS = { core: `${SOURCE}locales/ko-core.ts`, rest: `${SOURCE}locales/ko.ts` };
/** The other language's: i18next loads them beside Korean, its fallback, when English was chosen. */
const OTHER_TEXTS = { en: { core: `${SOURCE}locales/en-core.ts`, rest: `${SOURCE}locales/en.ts` } };
const TEXT_FILES = [DEFAULT_TEXTS, ...Object.values(OTHER_TEXTS)].flatMap((texts) => [
  texts.core,
  texts.rest,
]);
// A root that moved would quietly put every module back into a chunk per set of screens.
for (const root of [ENTRY, ROUTER, ...LOGIN, ...SIGNED_IN, ...TEXT_FILES])
  if (!existsSync(root))
    throw new Error(`vite.config.ts: the chunk root ${root} is gone; name its new place`);

/** The modules `roots` import without a dynamic import() on the way. */
function staticallyReached(ctx: Rolldown.ChunkingContext, roots: string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

interface Reach {
  entry: Set<string>;
  login: Set<string>;
  signedIn: Set<string>;
  /** How many of the router's lazily loaded modules (screens, their data calls) reach each module. */
  screens: Map<string, number>;
}

/** Per chunking pass: what the entry, the login page, the signed-in layout and the screens reach. */
const reachOf = new WeakMap<Rolldown.ChunkingContext, Reach>();

function reachFor(ctx: Rolldown.ChunkingContext): Reach {
  const known = reachOf.get(ctx);
  if (known) return known;
  const screens = new Map<string, number>();
  for (const screen of ctx.getModuleInfo(ROUTER)?.dynamicallyImportedIds ?? []) {
    if (LOGIN.includes(screen)) continue;
    for (const id of staticallyReached(ctx, [screen])) screens.set(id, (screens.get(id) ?? 0) + 1);
  }
  const reach = {
    entry: staticallyReached(ctx, [ENTRY]),
    login: staticallyReached(ctx, LOGIN),
    signedIn: staticallyReached(ctx, SIGNED_IN),
    screens,
  };
  reachOf.set(ctx, reach);
  return reach;
}

/**
 * Whether a module imports, directly or not, a library that the signed-in layout does not load
 * anyway (zod for a form, dnd-kit…): in 'shell' it would bring that library to every screen.
 */
function bringsOwnLibraries(ctx: Rolldown.ChunkingContext, reach: Reach, id: string): boolean {
  return [...staticallyReached(ctx, [id])].some(
    (reached) =>
      reached.includes('node_modules') &&
      !reach.signedIn.has(reached) &&
      !reach.entry.has(reached) &&
      !VENDOR_GROUPS.some((group) => group.test.test(reached)),
  );
}

/**
 * App code in two chunks instead of a chunk per set of screens sharing it (the inbox asked for ~35
 * files): 'ui' holds what the login page shares with the signed-in layout, 'shell' the rest of what
 * every signed-in screen loads anyway, and the app's own modules that two or more screens share
 * (page header, pager, checkbox, form parts: each was a file of under 3 kB of its own, and on a
 * phone's connection every file more is a round trip more, issue 17). Screens keep their own code,
 * and the libraries only some of them use (the compose editor, dnd-kit, zod) stay in chunks of
 * their own.
 */
function appChunkOf(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const reach = reachFor(ctx);
  if (reach.entry.has(id) || id.includes('node_modules')) return null;
  if (reach.signedIn.has(id)) return reach.login.has(id) ? 'ui' : 'shell';
  const shared = !reach.login.has(id) && (reach.screens.get(id) ?? 0) >= 2;
  return shared && !bringsOwnLibraries(ctx, reach, id) ? 'shell' : null;
}

const ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
if (!existsSync(ROUTER_PRODUCTION))
  throw new Error(`vite.config.ts: react-router ships no ${ROUTER_PRODUCTION} any more`);

/**
 * react-router's package exports name its development build for every condition; the production
 * build beside it drops the development checks (issue 17: about 60 ms of a phone-speed inbox load
 * went to the router, docs/BENCHMARKS.md). Build only: the dev server and the tests keep the warnings.
 */
const reactRouterProduction: Plugin = {
  name: 'postline:react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId: (source) => (source === 'react-router' ? ROUTER_PRODUCTION : null),
};

/**
 * Copies of index.html with `modulepreload` links for the code their first screen loads before it
 * can render, each with the default language's texts, and each again with English's as well
 * (`index.login.en.html`…, for a visitor who chose English): `index.login.html` (the login page),
 * `index.signed-in.html` (the signed-in layout), and `index.{name}.html` per signed-in screen of
 * FIRST_SCREENS (the layout, the screen and its first data call), listed with their route patterns
 * in `first-screens.json`. The server sends each on its paths (apps/server/src/plugins/web-app.ts).
 * Without them these chunks were asked for only once the entry had arrived and run, a round trip
 * later on a phone (issue 17; docs/BENCHMARKS.md). What index.html already preloads is left out.
 */
const firstScreenPages: Plugin = {
  name: 'postline:first-screen-pages',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const page = bundle['index.html'];
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (page?.type !== 'asset' || !entry) throw new Error('first-screen-pages: no index.html or entry chunk');
    const withImports = (files: string[]) => {
      const reached = new Set<string>();
      for (let file = files.pop(); file !== undefined; file = files.pop()) {
        if (reached.has(file)) continue;
        reached.add(file);
        files.push(...(chunks.find((chunk) => chunk.fileName === file)?.imports ?? []));
      }
      return reached;
    };
    const preloaded = withImports([entry.fileName]);
    const chunkOf = (id: string) => {
      const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
      if (!chunk) throw new Error(`first-screen-pages: no chunk holds ${id}`);
      return chunk.fileName;
    };
    const lazilyRouted = new Set(this.getModuleInfo(ROUTER)?.dynamicallyImportedIds ?? []);
    const screenFiles = (screen: FirstScreen) =>
      screen.files.map((file) => {
        const id = `${SOURCE}${file}`;
        if (!lazilyRouted.has(id)) throw new Error(`first-screen-pages: router.tsx does not load ${file}`);
        return id;
      });
    // Each page and whether it is a signed-in one, which needs every area's texts.
    const pages: [string, string[], boolean][] = [
      ['index.login.html', LOGIN, false],
      ['index.signed-in.html', SIGNED_IN, true],
      ...FIRST_SCREENS.map((screen): [string, string[], boolean] => [
        `index.${screen.name}.html`,
        [...SIGNED_IN, ...screenFiles(screen)],
        true,
      ]),
    ];
    const emitPage = (fileName: string, roots: string[]) => {
      const links = [...withImports(roots.map(chunkOf))]
        .filter((file) => !preloaded.has(file))
        .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
        .join('');
      const source = String(page.source).replace(/\n\s*<\/head>/, `\n${links}  </head>`);
      this.emitFile({ type: 'asset', fileName, source });
    };
    const textsOf = (texts: { core: string; rest: string }, signedIn: boolean) =>
      signedIn ? [texts.core, texts.rest] : [texts.core];
    for (const [fileName, roots, signedIn] of pages) {
      emitPage(fileName, [...roots, ...textsOf(DEFAULT_TEXTS, signedIn)]);
      // index.{name}.en.html and so on: the page for a visitor whose chosen language is another.
      for (const [language, texts] of Object.entries(OTHER_TEXTS))
        emitPage(fileName.replace(/\.html$/, `.${language}.html`), [
          ...roots,
          ...textsOf(DEFAULT_TEXTS, signedIn),
          ...textsOf(texts, signedIn),
        ]);
    }
    const screens = FIRST_SCREENS.map(({ name, patterns }) => ({ patterns, page: `index.${name}.html` }));
    this.emitFile({ type: 'asset', fileName: 'first-screens.json', source: JSON.stringify(screens) });
  },
};

export default defineConfig({
  plugins: [reactRouterProduction, react(), tailwindcss(), firstScreenPages],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
    // '@postline/shared' exports TS sources under the 'source' condition: no prebuild needed.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...VENDOR_GROUPS.map((group) => ({ ...group, priority: 10 })),
            // Its modules' imports are sorted by the same rule; taking them along would move the
            // entry's own modules (the session store, i18n…) into 'shell'.
            { name: appChunkOf, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
