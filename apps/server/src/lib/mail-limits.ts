import os from 'node:os';

/*
 * The settings of inbound mail that config.ts reads, apart from the code that applies them (the SMTP
 * session guard, the parse pool), so that the configuration loads neither smtp-server, Piscina nor
 * the parsers.
 */

/** The inbound parse pool's settings (mail/transport/parse-pool.ts). */
export interface InboundParseOptions {
  /** Worker threads reading messages at once. */
  threads: number;
  /** How long one message may take in a worker, from the moment the worker starts on it. */
  deadlineMs: number;
  /** V8 heap of each worker: a message that needs more ends its worker, not the process. */
  workerHeapMb: number;
}

export const DEFAULT_INBOUND_PARSE: InboundParseOptions = {
  threads: Math.max(2, Math.min(4, Math.floor(os.availableParallelism() / 2))),
  deadlineMs: 20_000,
  workerHeapMb: 512,
};

/**
 * What one sender may hold of the inbound SMTP server (issues 11 and 32): slowloris clients that
 * dribble a byte every few seconds, or sessions kept alive with NOOP, must not fill every session
 * slot nor keep one forever. Modelled on Postfix's anvil and smtpd limits.
 */
export interface SmtpLimits {
  /** Sessions at once, all senders together (smtp-server's maxClients). */
  maxClients: number;
  /** Sessions at once from one IP address; the next one gets 421. */
  perIpSessions: number;
  /**
   * The last slots, kept for addresses that hold no session: an address that already holds one
   * is refused once this few are left, so a handful of addresses cannot lock everyone else out.
   */
  reservedSessions: number;
  /** A line must be complete this long after its first byte (as Postfix's per-record deadline). */
  commandDeadlineMs: number;
  /** The whole DATA phase of one message must end within this. */
  dataDeadlineMs: number;
  /** A session ends (421) this long after it began; a message under way is answered first. */
  sessionLifetimeMs: number;
  /**
   * Commands in a row that deliver nothing (NOOP, RSET, VRFY, HELP, unknown or refused ones, MAIL
   * again...) before the session is ended with 421, as Postfix's smtpd_junk_command_limit. Each
   * delivered message starts the count again.
   */
  junkCommandLimit: number;
}

export const DEFAULT_SMTP_LIMITS: SmtpLimits = {
  maxClients: 100,
  perIpSessions: 20,
  reservedSessions: 10,
  commandDeadlineMs: 60_000,
  dataDeadlineMs: 600_000,
  sessionLifetimeMs: 900_000,
  junkCommandLimit: 100,
};
