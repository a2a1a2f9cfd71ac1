/**
 * Intended wiring (src/realtime/, done elsewhere): the SockJS server at SOCKJS_PATH makes one
 * StompSession per connection with transport {send: conn.write, close: conn.close}, feeds conn 'data' to
 * receive() and conn 'close' to transportClosed(); authenticate() verifies the access token with jose;
 * onOpen/onClose add and remove the session in a SessionRegistry, whose pushToUser() the LISTEN/NOTIFY
 * fan-out calls with the presenter's DTO, and whose revokeFamily(sid) runs when a refresh family is revoked.
 *
 * The protocol follows STOMP 1.2 (https://stomp.github.io/stomp-specification-1.2.html); sections are cited.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@postline/shared/errors';
import { APP_CONNECT, APP_TEST, USER_NOTIFICATIONS_QUEUE, userNotificationsQueueOf } from '@postline/shared/realtime';
import { encodeFrame, HEARTBEAT, StompFrameDecoder, type FrameLimits, type StompFrame, type StompHeaders } from './frame.js';
import { HeartbeatTimers, negotiateHeartbeat, type HeartbeatPlan } from './heartbeat.js';

export interface StompTransport {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export interface StompPrincipal {
  userId: number;
  /** Refresh-token family the access token belongs to. */
  sid: string;
  /** Expiry in seconds since the epoch, as in the JWT `exp` claim. */
  exp: number;
}

export interface StompSessionOptions {
  /** Resolves the bearer token of CONNECT; null (or a rejection) refuses the connection. */
  authenticate(token: string): Promise<StompPrincipal | null>;
  /** A SEND to /app/connect or /app/test with its parsed JSON body; a throw or rejection ends the session. */
  onSend(userId: number, destination: string, body: unknown): void | Promise<void>;
  /** Offered in both directions of CONNECTED's heart-beat header. */
  heartbeatMs: number;
  now?: () => number;
  /** A socket that has not sent CONNECT within this time is closed. */
  connectTimeoutMs?: number;
  onOpen?(session: StompSession): void;
  onClose?(session: StompSession): void;
  limits?: Partial<FrameLimits>;
}

export type StompSessionState = 'awaiting-connect' | 'authenticating' | 'connected' | 'closed';

/** SockJS close codes; 4000-4999 are the application's own. */
export const STOMP_CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  unauthorized: 4001,
  protocolError: 4002,
  heartbeatTimeout: 4008,
} as const;

export const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0'] as const;
export const SERVER_NAME = 'Postline/1.0';
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** Frames a client may pipeline behind CONNECT while its token is checked. */
const MAX_FRAMES_WHILE_AUTHENTICATING = 64;
const MAX_SUBSCRIPTIONS = 16;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

interface Failure {
  message: string;
  code: ErrorCode;
  closeCode?: number;
  detail?: string;
  receipt?: string | undefined;
}

export class StompSession {
  readonly id = randomUUID();
  private stateValue: StompSessionState = 'awaiting-connect';
  private principal: StompPrincipal | null = null;
  private versionValue: string | null = null;
  private planValue: HeartbeatPlan = { sendEveryMs: 0, expectEveryMs: 0 };
  private readonly decoder: StompFrameDecoder;
  private readonly heartbeats = new HeartbeatTimers();
  private readonly subscriptions = new Map<string, string>();
  private readonly waiting: StompFrame[] = [];
  private readonly now: () => number;
  private lastReceived: number;
  private messageCounter = 0;
  private connectTimer: ReturnType<typeof setTimeout> | null;

  constructor(
    private readonly transport: StompTransport,
    private readonly options: StompSessionOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
    this.lastReceived = this.now();
    this.decoder = new StompFrameDecoder(options.limits);
    this.connectTimer = setTimeout(
      () => this.fail({ message: 'No CONNECT frame in time', code: 'AUTHENTICATION_FAILED' }),
      options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    );
    this.connectTimer.unref?.();
  }

  get state(): StompSessionState {
    return this.stateValue;
  }
  get userId(): number | null {
    return this.principal?.userId ?? null;
  }
  get sid(): string | null {
    return this.principal?.sid ?? null;
  }
  get version(): string | null {
    return this.versionValue;
  }
  get heartbeat(): HeartbeatPlan {
    return { ...this.planValue };
  }
  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  /** Feeds bytes from the socket; protocol errors end in ERROR + close, never in a throw. */
  receive(data: string | Uint8Array): void {
    if (this.stateValue === 'closed') return;
    this.lastReceived = this.now();
    let frames: StompFrame[];
    try {
      frames = this.decoder.push(data).frames;
    } catch (error) {
      this.fail({ message: 'Malformed frame', code: 'VALIDATION_ERROR', detail: (error as Error).message });
      return;
    }
    for (const frame of frames) {
      if (this.stateValue === 'closed') return;
      if (this.stateValue === 'authenticating') {
        if (this.waiting.length >= MAX_FRAMES_WHILE_AUTHENTICATING) {
          this.fail({ message: 'Too many frames before CONNECTED', code: 'VALIDATION_ERROR' });
          return;
        }
        this.waiting.push(frame);
      } else {
        this.handle(frame);
      }
    }
  }

  /** Sends a MESSAGE to every subscription on `destination`; returns how many were sent. */
  push(destination: string, body: unknown): number {
    if (this.stateValue !== 'connected') return 0;
    const target = this.canonical(destination);
    const json = JSON.stringify(body);
    let sent = 0;
    for (const [subscription, subscribed] of this.subscriptions) {
      if (this.canonical(subscribed) !== target) continue;
      this.messageCounter += 1;
      // §"MESSAGE": subscription, message-id and destination are required.
      this.write(
        encodeFrame({
          command: 'MESSAGE',
          headers: {
            subscription,
            'message-id': `${this.id}-${this.messageCounter}`,
            destination: subscribed,
            'content-type': 'application/json',
          },
          body: json,
        }),
      );
      if (this.stateValue === 'closed') break;
      sent += 1;
    }
    return sent;
  }

  /** Ends a session whose refresh family was revoked or whose token is long expired. */
  revoke(reason: string): void {
    this.fail({ message: reason, code: 'TOKEN_EXPIRED', closeCode: STOMP_CLOSE_CODES.unauthorized });
  }

  isExpiredBeyond(graceMs: number): boolean {
    return this.principal !== null && this.now() > this.principal.exp * 1000 + graceMs;
  }

  /** Closes the socket without an ERROR frame (shutdown, DISCONNECT, dead peer). */
  close(code: number = STOMP_CLOSE_CODES.normal, reason = 'Closed'): void {
    if (!this.finish()) return;
    try {
      this.transport.close(code, reason);
    } catch {
      // The socket is already gone; nothing is left to tell it.
    }
    this.notifyClosed();
  }

  /** The socket closed from the other side. */
  transportClosed(): void {
    if (this.finish()) this.notifyClosed();
  }

  private finish(): boolean {
    if (this.stateValue === 'closed') return false;
    this.stateValue = 'closed';
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.heartbeats.stop();
    this.subscriptions.clear();
    this.waiting.length = 0;
    return true;
  }

  private notifyClosed(): void {
    try {
      this.options.onClose?.(this);
    } catch {
      // A failing listener must not keep a dead session half-open.
    }
  }

  private write(text: string): void {
    try {
      this.transport.send(text);
    } catch {
      this.transportClosed();
    }
  }

  /** §"ERROR": the server closes the connection right after sending it. */
  private fail(failure: Failure): void {
    if (this.stateValue === 'closed') return;
    const headers: StompHeaders = { message: failure.message, code: failure.code };
    if (failure.receipt !== undefined) headers['receipt-id'] = failure.receipt;
    headers['content-type'] = 'text/plain;charset=utf-8';
    this.write(encodeFrame({ command: 'ERROR', headers, body: failure.detail ?? failure.message }));
    this.close(failure.closeCode ?? STOMP_CLOSE_CODES.protocolError, failure.message);
  }

  private handle(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
      if (this.stateValue !== 'awaiting-connect') {
        this.fail({ message: 'Already connected', code: 'VALIDATION_ERROR', receipt });
      } else {
        void this.connect(frame);
      }
      return;
    }
    if (this.stateValue !== 'connected') {
      this.fail({ message: 'CONNECT must come first', code: 'AUTHENTICATION_FAILED', receipt });
      return;
    }
    const handled = this.handleConnected(frame);
    if (handled && receipt !== undefined && this.stateValue === 'connected') {
      // §"Header receipt": acknowledges the frame once it has been processed.
      this.write(encodeFrame({ command: 'RECEIPT', headers: { 'receipt-id': receipt } }));
    }
    if (frame.command === 'DISCONNECT' && this.stateValue !== 'closed') {
      this.close(STOMP_CLOSE_CODES.normal, 'Disconnected');
    }
  }

  /** Returns true when the frame was accepted (and deserves its receipt). */
  private handleConnected(frame: StompFrame): boolean {
    const receipt = frame.headers.receipt;
    switch (frame.command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame.headers);
      case 'UNSUBSCRIBE': {
        // §"UNSUBSCRIBE": the id names the subscription; an unknown one is harmless.
        const id = frame.headers.id;
        if (!id) return this.reject('UNSUBSCRIBE needs an id header', 'VALIDATION_ERROR', receipt);
        this.subscriptions.delete(id);
        return true;
      }
      case 'SEND':
        return this.send(frame);
      case 'ACK':
      case 'NACK':
        // Subscriptions are ack:auto and nothing is redelivered, so acknowledgements change nothing.
        return true;
      case 'DISCONNECT':
        return true;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return this.reject('Transactions are not supported', 'VALIDATION_ERROR', receipt);
      default:
        return this.reject(`${frame.command} is a server frame`, 'VALIDATION_ERROR', receipt);
    }
  }

  private reject(message: string, code: ErrorCode, receipt: string | undefined): false {
    this.fail({ message, code, receipt, closeCode: code === 'ACCESS_DENIED' ? STOMP_CLOSE_CODES.unauthorized : undefined });
    return false;
  }

  /** §"CONNECT or STOMP Frame" and §"Protocol Negotiation". */
  private async connect(frame: StompFrame): Promise<void> {
    const offered = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => offered.includes(v));
    if (!version) {
      this.write(
        encodeFrame({
          command: 'ERROR',
          headers: { version: SUPPORTED_VERSIONS.join(','), message: 'Unsupported protocol version' },
          body: `Supported protocol versions are ${SUPPORTED_VERSIONS.join(' ')}`,
        }),
      );
      this.close(STOMP_CLOSE_CODES.protocolError, 'Unsupported protocol version');
      return;
    }
    const plan = negotiateHeartbeat(frame.headers['heart-beat'], this.options.heartbeatMs);
    if (!plan) return this.fail({ message: 'Malformed heart-beat header', code: 'VALIDATION_ERROR' });
    const token = BEARER.exec(frame.headers.Authorization ?? '')?.[1];
    if (!token) return this.refuse('Missing bearer token in the Authorization header');

    this.stateValue = 'authenticating';
    let principal: StompPrincipal | null;
    try {
      principal = await this.options.authenticate(token);
    } catch {
      principal = null;
    }
    if (this.stateValue !== 'authenticating') return;
    if (!principal) return this.refuse('Invalid or expired token');

    this.principal = principal;
    this.versionValue = version;
    this.planValue = plan;
    this.stateValue = 'connected';
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.write(
      encodeFrame({
        command: 'CONNECTED',
        headers: {
          version,
          'heart-beat': `${this.options.heartbeatMs},${this.options.heartbeatMs}`,
          server: SERVER_NAME,
          session: this.id,
          'user-name': String(principal.userId),
        },
      }),
    );
    if (this.stateValue !== 'connected') return;
    this.startHeartbeats(plan);
    this.runOpenHook();
    this.drainWaiting();
  }

  private refuse(message: string): void {
    this.fail({ message, code: 'AUTHENTICATION_FAILED', closeCode: STOMP_CLOSE_CODES.unauthorized });
  }

  private startHeartbeats(plan: HeartbeatPlan): void {
    this.heartbeats.start(plan, {
      sendBeat: () => this.write(HEARTBEAT),
      lastReceivedAt: () => this.lastReceived,
      now: this.now,
      onSilent: () => this.close(STOMP_CLOSE_CODES.heartbeatTimeout, 'Heart-beat timeout'),
    });
  }

  private runOpenHook(): void {
    try {
      this.options.onOpen?.(this);
    } catch {
      this.fail({ message: 'Session could not be registered', code: 'SERVER_ERROR' });
    }
  }

  private drainWaiting(): void {
    const frames = this.waiting.splice(0);
    for (const frame of frames) {
      if (this.stateValue !== 'connected') return;
      this.handle(frame);
    }
  }

  /** §"SUBSCRIBE": only the user's own notification queue, in either spelling (DESIGN.md "Auth"). */
  private subscribe(headers: StompHeaders): boolean {
    const { id, destination, receipt } = headers;
    if (!id) return this.reject('SUBSCRIBE needs an id header', 'VALIDATION_ERROR', receipt);
    if (!destination || this.canonical(destination) !== USER_NOTIFICATIONS_QUEUE) {
      return this.reject('Subscription to this destination is not allowed', 'ACCESS_DENIED', receipt);
    }
    if (this.subscriptions.has(id)) return this.reject(`Subscription id ${id} is in use`, 'VALIDATION_ERROR', receipt);
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      return this.reject('Too many subscriptions', 'VALIDATION_ERROR', receipt);
    }
    this.subscriptions.set(id, destination);
    return true;
  }

  /** §"SEND": only the two application destinations, each with a JSON body (empty means {}). */
  private send(frame: StompFrame): boolean {
    const { destination, receipt } = frame.headers;
    if (destination !== APP_CONNECT && destination !== APP_TEST) {
      return this.reject('Sending to this destination is not allowed', 'ACCESS_DENIED', receipt);
    }
    let body: unknown;
    try {
      body = frame.body.trim() === '' ? {} : JSON.parse(frame.body);
    } catch {
      return this.reject('The body is not JSON', 'VALIDATION_ERROR', receipt);
    }
    const userId = this.principal?.userId as number;
    const failed = (): void => this.fail({ message: 'The request could not be handled', code: 'SERVER_ERROR', receipt });
    try {
      const result = this.options.onSend(userId, destination, body);
      if (result instanceof Promise) result.catch(failed);
    } catch {
      failed();
      return false;
    }
    return true;
  }

  /** The explicit /user/{own id}/... spelling means the same queue as /user/...; others' ids do not. */
  private canonical(destination: string): string {
    const own = this.principal ? userNotificationsQueueOf(this.principal.userId) : null;
    return destination === own ? USER_NOTIFICATIONS_QUEUE : destination;
  }
}
