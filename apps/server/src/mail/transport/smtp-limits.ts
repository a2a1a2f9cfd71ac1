import type { Socket } from 'node:net';
import type { SMTPServer, SMTPServerError, SMTPServerSession } from 'smtp-server';
import type { SmtpLimits } from '../../lib/mail-limits.js';
import { watchLines } from './smtp-line-watch.js';

/** Recipients of one message (smtp-server's maxRecipients); RCPT lines past it count as junk. */
export const MAX_RECIPIENTS = 100;

const TIMEOUT = '4.4.2 Timeout - closing connection';
const TOO_LONG = '4.4.2 Session time limit reached - closing connection';
const JUNK = '4.7.0 Too many commands without a message - closing connection';

/** One message's DATA phase as the guard sees it; smtp-in reports both ends. */
export interface MessageUnderWay {
  /** The message's last byte is in: the DATA deadline stops (storing is the server's own time). */
  received(): void;
  /** The reply has been given; delivered: a message was accepted, so the junk count starts again. */
  answered(delivered: boolean): void;
}

interface Session {
  key: string;
  address: string;
  /** The plain socket; unknown only if smtp-server wrote the session's address differently. */
  socket?: Socket;
  id?: string;
  lifetime?: NodeJS.Timeout;
  dataTimer?: NodeJS.Timeout;
  /** Commands since the last delivered message that delivered nothing. */
  junk: number;
  /** RCPT lines in the current transaction. */
  recipients: number;
  /** Lines are message lines: from onData until the lone dot. */
  inData: boolean;
  /** From onData until the reply: the lifetime waits for it. */
  busy: boolean;
  expired: boolean;
  ending: boolean;
}

function newSession(key: string, address: string, socket?: Socket): Session {
  const counts = { junk: 0, recipients: 0 };
  return { key, address, socket, ...counts, inData: false, busy: false, expired: false, ending: false };
}

function refusal(responseCode: number, message: string): SMTPServerError {
  const error = new Error(message) as SMTPServerError;
  error.responseCode = responseCode;
  return error;
}

const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/i, '');
const socketKey = (address: string | undefined, port: number | undefined) =>
  `${plainAddress(address)}|${port ?? 0}`;

/**
 * Per-address session counts with a reserve, the session lifetime, the junk command count and the
 * two deadlines. Written here because smtp-server has only an idle timeout, which every byte
 * resets, one global client cap, and a limit on unrecognised commands alone.
 */
export class SmtpSessionGuard {
  private readonly perIp = new Map<string, number>();
  private readonly sessions = new Map<string, Session>();
  private readonly admitted = new Map<string, Session>();
  private smtp: SMTPServer | undefined;

  constructor(
    private readonly limits: SmtpLimits,
    private readonly onCut: (reason: string, address: string) => void = () => undefined,
  ) {}

  /**
   * Watches every socket of the server from its first byte (before smtp-server's greeting). With
   * STARTTLS offered, the plain socket's watch ends at that command and secured() takes over.
   */
  attach(smtp: SMTPServer, tlsOffered: boolean): void {
    this.smtp = smtp;
    smtp.server.on('connection', (socket: Socket) => {
      const key = socketKey(socket.remoteAddress, socket.remotePort);
      const session = newSession(key, plainAddress(socket.remoteAddress), socket);
      this.sessions.set(key, session);
      this.watch(session, socket, tlsOffered);
      socket.once('close', () => this.forget(session));
    });
  }

  /** onSecure: the decrypted lines are watched as the plain ones were. */
  secured(socket: Socket, smtpSession: SMTPServerSession): void {
    const session = this.admitted.get(smtpSession.id);
    if (session) this.watch(session, socket, false);
  }

  /**
   * onConnect: admit the session unless its address already holds perIpSessions of them, or holds
   * any while only the reserved slots are left.
   */
  admit(smtpSession: SMTPServerSession): SMTPServerError | null {
    const address = plainAddress(smtpSession.remoteAddress);
    const open = this.perIp.get(address) ?? 0;
    const shared = this.limits.maxClients - this.limits.reservedSessions;
    if (open >= this.limits.perIpSessions || (open > 0 && this.admitted.size >= shared))
      return refusal(421, 'Too many connections from your address, try again later');
    const key = socketKey(smtpSession.remoteAddress, smtpSession.remotePort);
    // Unmatched, a session is still admitted and bounded by its lifetime; only its lines go unread.
    const session = this.sessions.get(key) ?? newSession(key, address);
    this.perIp.set(address, open + 1);
    session.id = smtpSession.id;
    this.admitted.set(smtpSession.id, session);
    session.lifetime = setTimeout(() => this.lifetimeReached(session), this.limits.sessionLifetimeMs);
    session.lifetime.unref();
    return null;
  }

  /** onClose: every session ends here, admitted or not. */
  release(smtpSession: SMTPServerSession): void {
    const session = this.admitted.get(smtpSession.id);
    if (!session) return;
    this.admitted.delete(smtpSession.id);
    // Here too: smtp-server takes every listener, ours included, off a socket it upgrades to TLS.
    this.forget(session);
    this.stopTimers(session);
    session.ending = true;
    const open = (this.perIp.get(session.address) ?? 1) - 1;
    if (open <= 0) this.perIp.delete(session.address);
    else this.perIp.set(session.address, open);
  }

  /** A recipient onRcptTo refused counts as a command that delivers nothing. */
  recipientRefused(smtpSession: SMTPServerSession): void {
    const session = this.admitted.get(smtpSession.id);
    if (session) this.countJunk(session);
  }

  /**
   * onData: the message's lines begin. Past the DATA deadline the connection is cut and the
   * message is not taken (the sender's server keeps it and tries again).
   */
  messageStarted(smtpSession: SMTPServerSession): MessageUnderWay {
    const session = this.admitted.get(smtpSession.id);
    if (!session) return { received: () => undefined, answered: () => undefined };
    session.inData = true;
    session.busy = true;
    session.dataTimer = setTimeout(
      () => this.cut(session, 'data deadline', TIMEOUT),
      this.limits.dataDeadlineMs,
    );
    session.dataTimer.unref();
    return {
      received: () => {
        session.inData = false;
        clearTimeout(session.dataTimer);
      },
      answered: (delivered) => {
        session.busy = false;
        session.recipients = 0;
        if (delivered) session.junk = 0;
        // After smtp-server has written the reply, which it does when the callback returns.
        if (session.expired) setImmediate(() => this.cut(session, 'session lifetime', TOO_LONG));
      },
    };
  }

  /**
   * The line deadline holds for commands and message lines alike (the DATA deadline bounds the whole
   * message); command lines are counted for the junk limit.
   */
  private watch(session: Session, socket: Socket, tlsOffered: boolean): void {
    watchLines(socket, this.limits.commandDeadlineMs, {
      late: () => this.cut(session, 'line deadline', TIMEOUT),
      line: (line) => {
        if (session.ending) return false;
        if (session.inData) {
          session.inData = line !== '.';
          return true;
        }
        // What follows is the TLS handshake (smtp-server upgrades on exactly this line); secured()
        // watches the lines inside it.
        if (tlsOffered && line.trim().toUpperCase() === 'STARTTLS') return false;
        const verb = (/^\S*/.exec(line.trimStart())?.[0] ?? '').toUpperCase();
        if (verb === 'RCPT') {
          // Refused ones are counted when onRcptTo refuses them; pipelined ones are not all answered yet.
          session.recipients += 1;
          if (session.recipients <= MAX_RECIPIENTS) return true;
        } else if (['MAIL', 'RSET', 'HELO', 'EHLO'].includes(verb)) {
          session.recipients = 0;
        }
        this.countJunk(session);
        return true;
      },
    });
  }

  private countJunk(session: Session): void {
    session.junk += 1;
    if (session.junk > this.limits.junkCommandLimit) this.cut(session, 'junk commands', JUNK);
  }

  private lifetimeReached(session: Session): void {
    if (!session.busy) return this.cut(session, 'session lifetime', TOO_LONG);
    // A message under way ends by its own DATA deadline; it is answered, then the session ends.
    session.expired = true;
    this.onCut('session lifetime, after the message under way', session.address);
  }

  /** Ends the session with a 421, through smtp-server when it has one (over TLS too). */
  private cut(session: Session, reason: string, reply: string): void {
    if (session.ending || session.socket?.destroyed === true) return;
    session.ending = true;
    this.stopTimers(session);
    this.onCut(reason, session.address);
    const connection = [...(this.smtp?.connections ?? [])].find((c) => c.id === session.id);
    // send() closes the connection after any 421; the code's enhanced status is in the text.
    if (connection) connection.send(421, reply, false);
    else session.socket?.end(`421 ${reply}\r\n`);
    setTimeout(() => session.socket?.destroy(), 1_000).unref();
  }

  private stopTimers(session: Session): void {
    clearTimeout(session.lifetime);
    clearTimeout(session.dataTimer);
  }

  private forget(session: Session): void {
    if (this.sessions.get(session.key) === session) this.sessions.delete(session.key);
  }
}
