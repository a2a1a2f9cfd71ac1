/*
 * What of a failure may go to the log at error level: its kind, message and stack, without the
 * values of the request that caused it (issue 11). Drizzle's query errors carry the SQL's
 * parameters ("params: ...") in their message, and PostgreSQL quotes the offending value in its
 * own ('invalid input syntax for type integer: "…"'); both are the user's data and are cut out.
 * The SQLSTATE code and the query text (placeholders only) stay: they are what a developer needs.
 */

export interface LoggableError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggableError;
}

const PARAMS = /\nparams:[\s\S]*$/;

const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const SQLSTATE = /^[0-9A-Z]{5}$/;

function redact(text: string, databaseError: boolean): string {
  const cut = text.replace(PARAMS, '\nparams: [redacted]');
  return databaseError ? cut.replace(QUOTED, '"[redacted]"') : cut;
}

export function loggableError(error: unknown): LoggableError {
  return loggable(error, 0);
}

function loggable(error: unknown, depth: number): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const code = (error as { code?: unknown }).code;
  const fromDatabase = typeof code === 'string' && SQLSTATE.test(code);
  const out: LoggableError = {
    type: error.constructor?.name ?? 'Error',
    message: redact(error.message, fromDatabase),
    ...(typeof code === 'string' ? { code } : {}),
    stack: redact(error.stack ?? '', fromDatabase),
  };
  if (error.cause !== undefined && depth < 3) out.cause = loggable(error.cause, depth + 1);
  return out;
}
