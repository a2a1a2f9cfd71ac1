import type { Server, Socket } from 'node:net';
import type { SMTPServerError, SMTPServerSession } from 'smtp-server';

/**
 * What one sender may hold of the inbound SMTP server (issue 11): slowloris clients that dribble a
 * byte every few seconds must not fill every session slot, nor keep one forever.
 */
export interface SmtpLimits {
  /** Sessions at once, all senders together (smtp-server's maxClients). */
  maxClients: number;
  /** Sessions at once from one IP address; the next one gets 421. */
  perIpSessions: number;
  /** A line must be complete this long after its first byte (as Postfix's per-record deadline). */
  commandDeadlineMs: number;
  /** The whole DATA phase of one message must end within this. */
  dataDeadlineMs: number;
}

export const DEFAULT_SMTP_LIMITS: SmtpLimits = {
  maxClients: 100,
  perIpSessions: 20,
  commandDeadlineMs: 60_000,
  dataDeadlineMs: 600_000,
};

function refusal(responseCode: number, message: string): SMTPServerError {
  const error = new Error(message) as SMTPServerError;
  error.responseCode = responseCode;
  return error;
}

const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/i, '');
const socketKey = (address: string | undefined, port: number | undefined) =>
  `${plainAddress(address)}|${port ?? 0}`;

/**
 * Per-IP session counts and the two deadlines. Written here because smtp-server has only an idle
 * timeout, which every byte resets, and one global client cap.
 */
export class SmtpSessionGuard {
  private readonly perIp = new Map<string, number>();
  private readonly admitted = new Map<string, string>();
  private readonly sockets = new Map<string, Socket>();

  constructor(
    private readonly limits: SmtpLimits,
    private readonly onCut: (reason: string, address: string) => void = () => undefined,
  ) {}

  /** Watches every socket of the server from its first byte (before smtp-server's greeting). */
  watch(server: Server): void {
    server.on('connection', (socket: Socket) => {
      const key = socketKey(socket.remoteAddress, socket.remotePort);
      this.sockets.set(key, socket);
      this.watchLines(socket);
      socket.once('close', () => this.sockets.delete(key));
    });
  }

  /** onConnect: admit the session unless its address already holds perIpSessions of them. */
  admit(session: SMTPServerSession): SMTPServerError | null {
    const address = plainAddress(session.remoteAddress);
    const open = this.perIp.get(address) ?? 0;
    if (open >= this.limits.perIpSessions)
      return refusal(421, 'Too many connections from your address, try again later');
    this.perIp.set(address, open + 1);
    this.admitted.set(session.id, address);
    return null;
  }

  /** onClose: every session ends here, admitted or not. */
  release(session: SMTPServerSession): void {
    const address = this.admitted.get(session.id);
    if (address === undefined) return;
    this.admitted.delete(session.id);
    const open = (this.perIp.get(address) ?? 1) - 1;
    if (open <= 0) this.perIp.delete(address);
    else this.perIp.set(address, open);
  }

  /**
   * The DATA deadline: past it the connection is cut and the message is not taken (the sender's
   * server keeps it and tries again). Call the returned function when the phase ends.
   */
  dataDeadline(session: SMTPServerSession): () => void {
    const timer = setTimeout(() => {
      this.cut(socketKey(session.remoteAddress, session.remotePort), 'data deadline');
    }, this.limits.dataDeadlineMs);
    timer.unref();
    return () => clearTimeout(timer);
  }

  /**
   * The line deadline, on the plain socket: a line's first byte starts the clock, its LF stops it.
   * It holds for commands and for the lines of a message body alike (the DATA deadline bounds the
   * whole body). After STARTTLS the bytes are encrypted: only smtp-server's idle timeout and the
   * DATA deadline apply there.
   */
  private watchLines(socket: Socket): void {
    let timer: NodeJS.Timeout | undefined;
    let partial = '';
    let inData = false;
    let encrypted = false;
    const key = socketKey(socket.remoteAddress, socket.remotePort);
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    socket.on('data', (chunk: Buffer) => {
      if (encrypted) return;
      const text = partial + chunk.toString('latin1');
      const lines = text.split('\n');
      partial = (lines.pop() ?? '').slice(-1024);
      if (lines.length > 0) stop();
      for (const raw of lines) {
        const line = raw.replace(/\r$/, '');
        if (inData) inData = line !== '.';
        else if (/^DATA$/i.test(line.trim())) inData = true;
        else if (/^STARTTLS$/i.test(line.trim())) encrypted = true;
      }
      if (encrypted) return stop();
      if (partial.length > 0 && timer === undefined) {
        timer = setTimeout(() => this.cut(key, 'line deadline'), this.limits.commandDeadlineMs);
        timer.unref();
      }
    });
    socket.once('close', stop);
  }

  private cut(key: string, reason: string): void {
    const socket = this.sockets.get(key);
    if (!socket || socket.destroyed) return;
    this.onCut(reason, key.split('|')[0] ?? '');
    socket.end('421 4.4.2 Timeout - closing connection\r\n');
    setTimeout(() => socket.destroy(), 1_000).unref();
  }
}
