import type { Socket } from 'node:net';

export interface LineHandlers {
  /** A complete line, without its line end. Answer false to stop watching this socket. */
  line(text: string): boolean;
  /** A line was begun and not finished within the deadline. */
  late(): void;
}

/**
 * Reads a client's bytes as smtp-server's parser will (a line ends at LF, with or without CR) next
 * to it, without taking any from it, and times each line from its first byte: smtp-server's only
 * timeout is an idle one, which every byte resets. Hand-written: no library splits a socket's
 * lines without consuming them.
 */
export function watchLines(socket: Socket, deadlineMs: number, handlers: LineHandlers): void {
  let timer: NodeJS.Timeout | undefined;
  // Only the start of an unfinished line is kept: enough to know the command, whatever its length.
  let partial = '';
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const onData = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('latin1')).split('\n');
    partial = (lines.pop() ?? '').slice(0, 1024);
    if (lines.length > 0) stop();
    for (const raw of lines) {
      if (!handlers.line(raw.replace(/\r$/, ''))) {
        socket.off('data', onData);
        stop();
        return;
      }
    }
    if (partial.length > 0 && timer === undefined) {
      timer = setTimeout(() => handlers.late(), deadlineMs);
      timer.unref();
    }
  };
  socket.on('data', onData);
  socket.once('close', stop);
}
