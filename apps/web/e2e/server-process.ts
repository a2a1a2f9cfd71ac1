import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared by setup and teardown: where the repository is and where the server's pid is kept. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
export const webDist = path.join(repoRoot, 'apps/web/dist');
/**
 * This run's server state (pid, data folder). One file per run, named by global setup in
 * E2E_STATE_FILE, so runs on one machine never stop each other's servers.
 */
export function stateFilePath(): string {
  const file = process.env.E2E_STATE_FILE;
  if (!file) throw new Error('E2E_STATE_FILE is set by e2e/global-setup.ts');
  return file;
}

export interface ServerState {
  pid: number;
  dataDir: string;
  baseUrl: string;
}
