import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared by setup and teardown: where the repository is and where the server's pid is kept. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const stateFile = path.join(repoRoot, 'apps/web/test-results/e2e-server.json');

export interface ServerState {
  pid: number;
  dataDir: string;
  baseUrl: string;
}
