import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The database folder ${dir} is already open in another Postline process. ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Unix socket paths are limited to about 107 bytes; a deep DATA_DIR gets a short relative one. */
const SOCKET_NAME = 'postline.sock';
/** How long after binding a fresh socket we look again that it is still ours (see below). */
const SETTLE_MS = 150;

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(socketPath);
  });
}

/** Whether a live process answers on the socket: a killed owner's socket refuses connections. */
function someoneListens(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function inodeOf(socketPath: string): number | null {
  try {
    return fs.statSync(socketPath).ino;
  } catch {
    return null;
  }
}

/**
 * Only one process may open a PGlite folder (two corrupt it). The lock is a Unix socket this
 * process listens on in the folder: the kernel closes it the moment the process dies, however it
 * dies (kill -9, a zombie, PID 1 of a restarted container), so no stale pid can keep a restart
 * out. A socket file left behind by a dead owner refuses connections and is replaced.
 *
 * Two processes replacing the same stale socket at the same instant could both bind (one after
 * the other unlinked the first's file); each therefore checks, once the dust settles, that the
 * socket file is still the one it bound, and the one that lost gives up.
 */
export async function acquireDataDirLock(dir: string): Promise<DataDirLock> {
  const socketPath = path.join(dir, SOCKET_NAME);
  // Relative to the folder when the absolute path would be too long for a Unix socket.
  const bindPath =
    Buffer.byteLength(socketPath) < 100 ? socketPath : path.relative(process.cwd(), socketPath);
  // An earlier version kept a pid file; it means nothing now.
  fs.rmSync(path.join(dir, 'postline.lock'), { force: true });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const server = net.createServer((socket) => socket.destroy());
    try {
      await listen(server, bindPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (await someoneListens(bindPath)) throw new DataDirLockedError(dir);
      // The owner is gone (killed): its socket file stays behind until someone removes it.
      fs.rmSync(socketPath, { force: true });
      continue;
    }
    const mine = inodeOf(socketPath);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    if (mine === null || inodeOf(socketPath) !== mine) {
      // Another process replaced our socket in the same instant: it holds the folder now.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw new DataDirLockedError(dir);
    }
    server.unref();
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        await new Promise<void>((resolve) => server.close(() => resolve()));
        // close() removes the socket file too; make sure, without touching a successor's.
        if (inodeOf(socketPath) === mine) fs.rmSync(socketPath, { force: true });
      },
    };
  }
  throw new Error(`Could not lock the database folder ${dir}.`);
}
