import { loggableError } from './loggable-error.js';

/** The part of pino (app.log) the mail code logs through; tests may pass a silent one. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Used when a caller gives no logger: problems after a commit must still be seen somewhere. */
export const stderrLogger: MailLogger = {
  info: () => undefined,
  warn: (obj, msg) => process.stderr.write(`${msg ?? 'warning'} ${safeJson(obj)}\n`),
  error: (obj, msg) => process.stderr.write(`${msg ?? 'error'} ${safeJson(obj)}\n`),
};

export const silentLogger: MailLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function safeJson(obj: object): string {
  try {
    // Like the app's logger: an error without the values of what failed (issue 11).
    return JSON.stringify(obj, (_key, value: unknown) =>
      value instanceof Error ? loggableError(value) : value,
    );
  } catch {
    return String(obj);
  }
}
