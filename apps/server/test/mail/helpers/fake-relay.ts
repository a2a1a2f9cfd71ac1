import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

export interface RelayedMessage {
  from: string;
  to: string[];
  raw: Buffer;
}

/**
 * A relay made with smtp-server: it takes a login, records what it is given, and answers each
 * recipient as the test says (a number of 451s first, or a 550 for good).
 */
export interface FakeRelay {
  port: number;
  received: RelayedMessage[];
  /** Logins seen, as user:password. */
  logins: string[];
  /** Replies for one recipient: 'ok', or a code with text; the last entry repeats. */
  script: Map<string, Array<'ok' | { code: number; text: string }>>;
  close(): Promise<void>;
}

function refusal(code: number, text: string): SMTPServerError {
  const error = new Error(text) as SMTPServerError;
  error.responseCode = code;
  return error;
}

export async function startFakeRelay(credentials: { user: string; pass: string }): Promise<FakeRelay> {
  const received: RelayedMessage[] = [];
  const logins: string[] = [];
  const script = new Map<string, Array<'ok' | { code: number; text: string }>>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username}:${auth.password}`);
      if (auth.username === credentials.user && auth.password === credentials.pass)
        return callback(null, { user: auth.username });
      callback(refusal(535, 'Authentication failed'));
    },
    onRcptTo(address, _session, callback) {
      const steps = script.get(address.address.toLowerCase());
      const step = steps && steps.length > 1 ? steps.shift() : steps?.[0];
      if (!step || step === 'ok') return callback();
      callback(refusal(step.code, step.text));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback(null, 'queued');
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    logins,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
