import type { AddressInfo } from 'node:net';
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerError,
  type SMTPServerSession,
} from 'smtp-server';
import { SMTP_MAX_MESSAGE_BYTES } from '@postline/shared/limits';
import { RefusedMailError } from '../pipeline/authenticate.js';
import { deliver } from '../pipeline/deliver.js';
import { findLocalUsers } from '../pipeline/recipients.js';
import type { DeliveryDeps } from '../pipeline/ports.js';
import { stderrLogger, type MailLogger } from '../../lib/mail-logger.js';
import { ByteBudget } from './byte-budget.js';
import { DeliveryFailures, PermanentDeliveryError } from './delivery-failure.js';
import { MessageSpool, removeStaleSpoolFiles } from './message-spool.js';
import { DEFAULT_SMTP_LIMITS, type SmtpLimits } from '../../lib/mail-limits.js';
import { MAX_RECIPIENTS, SmtpSessionGuard } from './smtp-limits.js';

export interface SmtpServerOptions {
  port: number;
  host?: string;
  /** The delivery pipeline's collaborators (mail/pipeline/ports.ts), with the database it writes to. */
  delivery: DeliveryDeps;
  logger?: MailLogger;
  /** A whole message over this many bytes is refused with 552 (advertised as SIZE). */
  maxBytes?: number;
  /** The name in the greeting and in the Received header. */
  name?: string;
  /** With a key and certificate STARTTLS is offered; without them the session stays plain. */
  tls?: { key: Buffer | string; cert: Buffer | string };
  /** Where messages over SPOOL_IN_MEMORY_BYTES wait while they arrive (default: the OS temp dir). */
  spoolDir?: string;
  /** Raw bytes of the messages parsed and stored at once, all sessions together. */
  parseBudgetBytes?: number;
  /** Session caps and deadlines; each left out keeps its default (lib/mail-limits.ts). */
  limits?: Partial<SmtpLimits>;
}

/** Raw bytes parsed and stored at once by default: two 30 MB messages, or many small ones. */
export const DEFAULT_PARSE_BUDGET_BYTES = 64 * 1024 * 1024;

export interface RunningSmtpServer {
  port: number;
  close(): Promise<void>;
}

function smtpError(responseCode: number, message: string): SMTPServerError {
  const error = new Error(message) as SMTPServerError;
  error.responseCode = responseCode;
  return error;
}

/** Header-safe text: a HELO name or address must not add lines to the message. */
function headerSafe(value: string): string {
  return value.replace(/[^\x21-\x7e]/g, '');
}

/** This hop's Received line (RFC 5321 section 4.4); Return-Path comes from the envelope. */
function receivedLine(session: SMTPServerSession, name: string): string {
  const helo = headerSafe(session.hostNameAppearsAs || 'unknown');
  // RFC 3848: ESMTPS once STARTTLS has encrypted the session.
  const protocol = session.secure ? 'ESMTPS' : 'ESMTP';
  return `from ${helo} (${headerSafe(session.remoteAddress)}) by ${headerSafe(name)} with ${protocol} id ${headerSafe(session.id)}; ${new Date().toUTCString()}`;
}

/**
 * Inbound SMTP, MX style: no AUTH, mail accepted only for users of this server, and the 250 after
 * DATA is sent only once every recipient's copy is durably committed. A failure answers 451 so the
 * sending server keeps the message and tries again; the reply is never 250 for mail not stored.
 *
 * End of data is only CRLF.CRLF: smtp-server does not end DATA on a bare LF before or after the dot
 * ("\n.\r\n", "\r\n.\n"), so SMTP smuggling payloads stay inside the one message (test/mail/transport/smtp-in).
 */
/** The users each session's RCPT commands found, so delivery does not look them up again. */
const usersFoundAtRcpt = new WeakMap<SMTPServerSession, Map<string, number>>();

function rememberUsers(session: SMTPServerSession, users: Map<string, number>): void {
  const found = usersFoundAtRcpt.get(session) ?? new Map<string, number>();
  for (const [address, id] of users) found.set(address, id);
  usersFoundAtRcpt.set(session, found);
}

export async function startSmtpServer(options: SmtpServerOptions): Promise<RunningSmtpServer> {
  const { delivery } = options;
  const { database } = delivery;
  const logger = options.logger ?? stderrLogger;
  const maxBytes = options.maxBytes ?? SMTP_MAX_MESSAGE_BYTES;
  const name = options.name ?? 'postline';
  const limits: SmtpLimits = { ...DEFAULT_SMTP_LIMITS, ...options.limits };
  const budget = new ByteBudget(options.parseBudgetBytes ?? DEFAULT_PARSE_BUDGET_BYTES);
  const failures = new DeliveryFailures();
  const guard = new SmtpSessionGuard(limits, (reason, address) =>
    logger.warn({ reason, address }, 'smtp: a session limit was reached'),
  );

  const server = new SMTPServer({
    name,
    banner: 'Postline ESMTP',
    size: maxBytes,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    logger: false,
    // RFC 2034 codes such as 5.1.1 tell the sending server exactly why.
    hideENHANCEDSTATUSCODES: false,
    // A slow client cannot hold shutdown for long; it will retry what it had not finished.
    closeTimeout: 3_000,
    maxClients: limits.maxClients,
    maxRecipients: MAX_RECIPIENTS,

    onConnect(session, callback) {
      callback(guard.admit(session));
    },

    onClose(session) {
      guard.release(session);
    },

    onSecure(socket, session, callback) {
      guard.secured(socket, session);
      callback();
    },

    onRcptTo(address, session, callback) {
      findLocalUsers(database, [address.address]).then(
        (users) => {
          if (users.size > 0) {
            rememberUsers(session, users);
            return callback();
          }
          guard.recipientRefused(session);
          callback(
            smtpError(
              550,
              `<${headerSafe(address.address)}>: no such user here (recipient address rejected)`,
            ),
          );
        },
        (error: unknown) => {
          logger.error({ err: error }, 'smtp: recipient lookup failed');
          callback(smtpError(451, 'Temporary local problem, please try again later'));
        },
      );
    },

    onData(stream: SMTPServerDataStream, session, callback) {
      const spool = new MessageSpool(options.spoolDir);
      let answered = false;
      const underWay = guard.messageStarted(session);
      // A stream error may come before or after 'end'; the client gets exactly one reply.
      const answer = (error: SMTPServerError | null, text?: string) => {
        underWay.received();
        if (answered) return;
        answered = true;
        // The file is gone before the reply: nothing of the message outlives the session.
        void spool.dispose().finally(() => {
          callback(error, text);
          underWay.answered(error === null);
        });
      };
      stream.on('data', (chunk: Buffer) => {
        if (!spool.write(chunk, maxBytes)) {
          stream.pause();
          spool.whenDrained(() => stream.resume());
        }
      });
      stream.on('error', (error) => answer(smtpError(451, `Error receiving the message: ${error.message}`)));
      stream.on('end', () => {
        underWay.received(); // the deadline is for receiving; storing is the server's own time
        const received = spool.size;
        if (stream.sizeExceeded || received > maxBytes) {
          answer(smtpError(552, `Message exceeds the maximum size of ${maxBytes} bytes`));
          return;
        }
        const started = Date.now();
        deliverSession(spool, session).then(
          (count) => {
            logger.info(
              { bytes: received, recipients: count, ms: Date.now() - started },
              'smtp: message delivered',
            );
            answer(null, 'OK: message delivered');
          },
          (error: unknown) => {
            if (error instanceof RefusedMailError) {
              logger.info(
                { reason: error.reason },
                'smtp: message refused by the sender checks or spam filter',
              );
              // 557, not 550: smtp-server adds the enhanced code from the reply code alone, and for
              // 550 that is 5.1.1 ("no such mailbox"), which would make a list unsubscribe our user.
              // 557 carries 5.7.1, delivery not authorised; every client takes 5yz as final.
              answer(smtpError(557, error.reason));
              return;
            }
            if (error instanceof PermanentDeliveryError) {
              logger.error(
                { err: error.cause },
                `smtp: delivery failed for good, answered 554: ${error.reason}`,
              );
              answer(smtpError(554, `Message cannot be stored here: ${error.reason}`));
              return;
            }
            logger.error({ err: error }, 'smtp: delivery failed, answered 451');
            answer(smtpError(451, 'Temporary local problem, please try again later'));
          },
        );
      });
    },
  });

  /** Parses and stores under the byte budget, so memory stays flat however many arrive at once. */
  async function deliverSession(spool: MessageSpool, session: SMTPServerSession): Promise<number> {
    const release = await budget.acquire(spool.size);
    try {
      return await deliverSpooled(spool, session);
    } finally {
      release();
    }
  }

  /** The pipeline takes it from here (mail/pipeline/deliver.ts); this answers how many got a copy. */
  async function deliverSpooled(spool: MessageSpool, session: SMTPServerSession): Promise<number> {
    const input = {
      raw: await spool.read(),
      sizeBytes: spool.size,
      returnPath: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      received: receivedLine(session, name),
      client: { ip: session.remoteAddress, helo: session.hostNameAppearsAs || '' },
    };
    const report = await deliver(
      delivery,
      input,
      session.envelope.rcptTo.map((r) => r.address),
      usersFoundAtRcpt.get(session),
    ).catch((error: unknown) => {
      if (error instanceof RefusedMailError) throw error;
      const verdict = failures.judge(error, input.raw);
      throw verdict.permanent ? new PermanentDeliveryError(verdict.reason, error) : error;
    });
    for (const recipient of report.unknown)
      logger.warn({ recipient }, 'smtp: recipient removed between RCPT and DATA; skipped');
    return report.delivered.length;
  }

  if (options.spoolDir) await removeStaleSpoolFiles(options.spoolDir);
  server.on('error', (error: Error) => logger.warn({ err: error }, 'smtp: connection error'));
  guard.attach(server, options.tls !== undefined);

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
