/**
 * Postline's STOMP 1.2 policy as pure functions: version negotiation, the bearer token, which
 * destinations a user may use, and the server frames (https://stomp.github.io/stomp-specification-1.2.html).
 */
import type { ErrorCode } from '@postline/shared/errors';
import { USER_NOTIFICATIONS_QUEUE, userNotificationsQueueOf } from '@postline/shared/realtime';
import { encodeFrame, type StompHeaders } from './frame.js';
import { negotiateHeartbeat, type HeartbeatPlan } from './heartbeat.js';

export const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0'] as const;
export type StompVersion = (typeof SUPPORTED_VERSIONS)[number];
export const SERVER_NAME = 'Postline/1.0';

/** SockJS close codes; 4000-4999 are the application's own. */
export const STOMP_CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  unauthorized: 4001,
  protocolError: 4002,
  heartbeatTimeout: 4008,
} as const;

/** §"Protocol Negotiation": the highest version both sides speak; no accept-version means 1.0. */
export function negotiateVersion(acceptVersion: string | undefined): StompVersion | null {
  const offered = (acceptVersion ?? '1.0').split(',').map((v) => v.trim());
  return SUPPORTED_VERSIONS.find((v) => offered.includes(v)) ?? null;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The access token of CONNECT: only the `Authorization: Bearer <token>` header (DESIGN.md "Auth"). */
export function bearerTokenOf(headers: StompHeaders): string | null {
  return BEARER.exec(headers.Authorization ?? '')?.[1] ?? null;
}

/**
 * The explicit /user/{own id}/queue/notifications spelling names the same queue as
 * /user/queue/notifications; another user's id stays different and so is refused.
 */
export function canonicalDestination(destination: string, userId: number | null): string {
  return userId !== null && destination === userNotificationsQueueOf(userId)
    ? USER_NOTIFICATIONS_QUEUE
    : destination;
}

export type ConnectRequest =
  | { ok: true; version: StompVersion; plan: HeartbeatPlan; token: string }
  | { ok: false; failure: StompFailure & { closeCode: number } };

/** §"CONNECT or STOMP Frame", §"Protocol Negotiation", §"Heart-beating": what a CONNECT asks for. */
export function readConnectHeaders(headers: StompHeaders, heartbeatMs: number): ConnectRequest {
  const version = negotiateVersion(headers['accept-version']);
  if (!version) {
    const failure = { message: 'Unsupported protocol version', code: 'VALIDATION_ERROR' as const };
    const versions = SUPPORTED_VERSIONS.join(',');
    return {
      ok: false,
      failure: { ...failure, headers: { version: versions }, closeCode: STOMP_CLOSE_CODES.protocolError },
    };
  }
  const plan = negotiateHeartbeat(headers['heart-beat'], heartbeatMs);
  if (!plan) {
    const failure = { message: 'Malformed heart-beat header', code: 'VALIDATION_ERROR' as const };
    return { ok: false, failure: { ...failure, closeCode: STOMP_CLOSE_CODES.protocolError } };
  }
  const token = bearerTokenOf(headers);
  if (!token) {
    const failure = {
      message: 'Missing bearer token in the Authorization header',
      code: 'AUTHENTICATION_FAILED' as const,
    };
    return { ok: false, failure: { ...failure, closeCode: STOMP_CLOSE_CODES.unauthorized } };
  }
  return { ok: true, version, plan, token };
}

/** The body of a SEND to an /app destination: JSON, an empty body meaning {}. */
export function parseJsonBody(body: string): { ok: true; value: unknown } | { ok: false } {
  if (body.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

/** §"CONNECTED Frame". */
export function connectedFrame(opts: {
  version: StompVersion;
  heartbeatMs: number;
  sessionId: string;
  userId: number;
}): string {
  return encodeFrame({
    command: 'CONNECTED',
    headers: {
      version: opts.version,
      'heart-beat': `${opts.heartbeatMs},${opts.heartbeatMs}`,
      server: SERVER_NAME,
      session: opts.sessionId,
      'user-name': String(opts.userId),
    },
  });
}

export interface StompFailure {
  /** Short English text for the ERROR frame's message header. */
  message: string;
  /** The shared error code, so a client can show its own translated text. */
  code: ErrorCode;
  detail?: string;
  receipt?: string | undefined;
  headers?: StompHeaders;
}

/** §"ERROR": message header, receipt-id when a frame with a receipt caused it, detail in the body. */
export function errorFrame(failure: StompFailure): string {
  const headers: StompHeaders = { message: failure.message, code: failure.code, ...failure.headers };
  if (failure.receipt !== undefined) headers['receipt-id'] = failure.receipt;
  headers['content-type'] = 'text/plain;charset=utf-8';
  return encodeFrame({ command: 'ERROR', headers, body: failure.detail ?? failure.message });
}

/** §"RECEIPT". */
export function receiptFrame(receiptId: string): string {
  return encodeFrame({ command: 'RECEIPT', headers: { 'receipt-id': receiptId } });
}

/** §"MESSAGE": subscription, message-id and destination are required. */
export function messageFrame(opts: {
  subscription: string;
  messageId: string;
  destination: string;
  json: string;
}): string {
  return encodeFrame({
    command: 'MESSAGE',
    headers: {
      subscription: opts.subscription,
      'message-id': opts.messageId,
      destination: opts.destination,
      'content-type': 'application/json',
    },
    body: opts.json,
  });
}
