import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database folder ${dir} is already open in another Postline process (pid ${pid}). ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Only one process may open a PGlite folder (two corrupt it). A lock file holds the owner's pid;
 * a lock whose process is gone (killed) is taken over at once. Hand-written because lock libraries
 * such as proper-lockfile detect stale locks by age, which would block a restart after kill -9.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const lockPath = path.join(dir, 'postline.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname() }));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            const owner = readOwner(lockPath);
            if (owner?.pid === process.pid) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner && owner.host === os.hostname() && isAlive(owner.pid)) {
        throw new DataDirLockedError(dir, owner.pid);
      }
      // The owner is dead (or the file is unreadable half-written garbage): take the lock over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dir}.`);
}

function readOwner(lockPath: string): { pid: number; host: string } | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: unknown; host?: unknown };
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
