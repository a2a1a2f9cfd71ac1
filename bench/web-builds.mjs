// Builds of the web app served side by side over one filled mailbox, so that two builds are
// compared in one run, on one machine, under the same load, taking turns (issue 33: machines here
// differ 2–3× in speed from one session to the next, and the load of other work changes by the
// minute). WEB_BUILDS names them: `preact=/work/notes/preact-dist,react=apps/web/dist` (a label and
// a built dist folder each); without it, the one build in apps/web/dist.
import fs from 'node:fs';
import path from 'node:path';
import { startBenchServer } from './harness.mjs';
import { root, tempDir } from './lib.mjs';

/** The builds WEB_BUILDS names, each as { label, dir } (dir undefined: the server's own default). */
export function webBuildsFromEnv() {
  const value = process.env.WEB_BUILDS;
  if (!value) return [{ label: 'build', dir: undefined }];
  return value.split(',').map((part) => {
    const [label, dir] = part.split('=');
    if (!label || !dir) throw new Error(`WEB_BUILDS: "${part}" is not label=folder`);
    const resolved = path.resolve(root, dir);
    if (!fs.existsSync(path.join(resolved, 'index.html')))
      throw new Error(`WEB_BUILDS: ${resolved} holds no built web app (index.html)`);
    return { label, dir: resolved };
  });
}

/**
 * One running server per build over the same mailbox: `running` (from prepareWebMailbox) is
 * stopped and each build gets its own. PGlite locks its folder, so each further server gets a copy
 * of the filled folder (same users, tokens' key and message ids); PostgreSQL is shared. Answers
 * [{ label, server }] and a stop() for all of them and the copies.
 */
export async function serveBuilds(database, running, builds) {
  if (builds.length === 1 && builds[0].dir === undefined)
    return { served: [{ label: builds[0].label, server: running }], stop: () => running.stop() };
  await running.stop();
  const copies = [];
  const served = [];
  const stop = async () => {
    await Promise.all(served.map(({ server }) => server.stop()));
    for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
  };
  try {
    for (const [i, build] of builds.entries()) {
      let dataDir = database.dataDir;
      if (i > 0 && !database.url) {
        dataDir = tempDir();
        copies.push(dataDir);
        // The lock's socket belongs to the process that made it (apps/server/src/db/data-dir-lock.ts).
        fs.cpSync(database.dataDir, dataDir, {
          recursive: true,
          filter: (source) => path.basename(source) !== 'postline.sock',
        });
      }
      const server = await startBenchServer(
        { ...database, dataDir, cleanup: async () => undefined },
        {
          WEB_DIST_DIR: build.dir,
        },
      );
      served.push({ label: build.label, server });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { served, stop };
}
