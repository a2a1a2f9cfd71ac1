/**
 * Intended wiring (src/realtime/, done elsewhere): the SockJS server at SOCKJS_PATH makes one
 * StompSession per connection with transport {send: conn.write, close: conn.close}, feeds conn 'data' to
 * receive() and conn 'close' to transportClosed(); authenticate() verifies the access token with jose;
 * onOpen/onClose add and remove the session in a SessionRegistry, whose pushToUser() the LISTEN/NOTIFY
 * fan-out calls with the presenter's DTO, and whose revokeFamily(sid) runs when a refresh family is revoked.
 *
 * Follows STOMP 1.2 (https://stomp.github.io/stomp-specification-1.2.html); sections are cited.
 * Over 300 lines on purpose: the session's states and every frame that moves it between them are
 * one state machine, easier to check against the specification whole than cut in pieces.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@postline/shared/errors';
import { APP_CONNECT, APP_TEST } from '@postline/shared/realtime';
import { HEARTBEAT, type FrameLimits, type StompFrame, type StompHeaders } from './frame.js';
import { StompFrameDecoder } from './frame-decoder.js';
import { HeartbeatTimers, type HeartbeatPlan } from './heartbeat.js';
import {
  connectedFrame,
  errorFrame,
  messageFrame,
  parseJsonBody,
  readConnectHeaders,
  receiptFrame,
  STOMP_CLOSE_CODES,
  type StompFailure,
  type StompVersion,
} from './protocol.js';
import { SessionSubscriptions } from './subscriptions.js';

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
  /** A socket that has not completed CONNECT within this time is closed. */
  connectTimeoutMs?: number;
  onOpen?(session: StompSession): void;
  onClose?(session: StompSession): void;
  limits?: Partial<FrameLimits>;
}

export type StompSessionState = 'awaiting-connect' | 'authenticating' | 'connected' | 'closed';

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** Frames a client may pipeline behind CONNECT while its token is checked. */
const MAX_FRAMES_WHILE_AUTHENTICATING = 64;

type Failure = StompFailure & { closeCode?: number };

export class StompSession {
  readonly id = randomUUID();
  private stateValue: StompSessionState = 'awaiting-connect';
  private principal: StompPrincipal | null = null;
  private versionValue: StompVersion | null = null;
  private plan: HeartbeatPlan = { sendEveryMs: 0, expectEveryMs: 0 };
  private readonly decoder: StompFrameDecoder;
  private readonly heartbeats = new HeartbeatTimers();
  private readonly subscriptions = new SessionSubscriptions(() => this.userId);
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
    const timeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.connectTimer = setTimeout(
      () => this.fail({ message: 'No CONNECT in time', code: 'AUTHENTICATION_FAILED' }),
      timeout,
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
  get version(): StompVersion | null {
    return this.versionValue;
  }
  get heartbeat(): HeartbeatPlan {
    return { ...this.plan };
  }
  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  /** Feeds text or bytes from the socket; protocol errors end in ERROR + close, never in a throw. */
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
      if (this.isClosed()) return;
      if (this.stateValue !== 'authenticating') {
        this.handle(frame);
      } else if (this.waiting.push(frame) > MAX_FRAMES_WHILE_AUTHENTICATING) {
        this.fail({ message: 'Too many frames before CONNECTED', code: 'VALIDATION_ERROR' });
      }
    }
  }

  /** Sends `body` as JSON in a MESSAGE to every subscription on `destination`; returns how many were sent. */
  push(destination: string, body: unknown): number {
    if (this.stateValue !== 'connected') return 0;
    const json = JSON.stringify(body);
    let sent = 0;
    for (const subscription of this.subscriptions.matching(destination)) {
      this.messageCounter += 1;
      const messageId = `${this.id}-${this.messageCounter}`;
      this.write(
        messageFrame({
          subscription: subscription.id,
          messageId,
          destination: subscription.destination,
          json,
        }),
      );
      if (this.isClosed()) break;
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

  /** A method, not a field read, because sending can close the session under a narrowed check. */
  private isClosed(): boolean {
    return this.stateValue === 'closed';
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
    this.write(errorFrame(failure));
    this.close(failure.closeCode ?? STOMP_CLOSE_CODES.protocolError, failure.message);
  }

  /** Fails the session and tells the caller the frame was not accepted (so it gets no receipt). */
  private reject(message: string, code: ErrorCode, receipt: string | undefined): false {
    const closeCode =
      code === 'ACCESS_DENIED' ? STOMP_CLOSE_CODES.unauthorized : STOMP_CLOSE_CODES.protocolError;
    this.fail({ message, code, receipt, closeCode });
    return false;
  }

  private handle(frame: StompFrame): void {
    const { receipt } = frame.headers;
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
      if (this.stateValue === 'awaiting-connect') {
        this.connect(frame.headers).catch(() => this.fail({ message: 'Server error', code: 'SERVER_ERROR' }));
      } else {
        this.reject('Already connected', 'VALIDATION_ERROR', receipt);
      }
      return;
    }
    if (this.stateValue !== 'connected') {
      this.reject('CONNECT must come first', 'AUTHENTICATION_FAILED', receipt);
      return;
    }
    // §"Header receipt": any client frame but CONNECT may ask for one once it has been processed.
    if (this.handleConnected(frame) && receipt !== undefined && this.stateValue === 'connected') {
      this.write(receiptFrame(receipt));
    }
    if (frame.command === 'DISCONNECT') this.close(STOMP_CLOSE_CODES.normal, 'Disconnected');
  }

  /** Returns true when the frame was accepted. */
  private handleConnected(frame: StompFrame): boolean {
    const { receipt, id } = frame.headers;
    switch (frame.command) {
      case 'SUBSCRIBE': {
        const outcome = this.subscriptions.add(id, frame.headers.destination);
        return outcome.ok || this.reject(outcome.message, outcome.code, receipt);
      }
      case 'UNSUBSCRIBE':
        if (!id) return this.reject('UNSUBSCRIBE needs an id header', 'VALIDATION_ERROR', receipt);
        this.subscriptions.remove(id);
        return true;
      case 'SEND':
        return this.send(frame);
      // Subscriptions are ack:auto and nothing is redelivered, so acknowledgements change nothing.
      case 'ACK':
      case 'NACK':
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

  /** §"CONNECT or STOMP Frame": checks the headers, then the token, then answers CONNECTED. */
  private async connect(headers: StompHeaders): Promise<void> {
    const request = readConnectHeaders(headers, this.options.heartbeatMs);
    if (!request.ok) return this.fail(request.failure);
    const { version, plan, token } = request;

    this.stateValue = 'authenticating';
    // A throwing authenticate, synchronous or not, refuses like a bad token does.
    const principal = await Promise.resolve()
      .then(() => this.options.authenticate(token))
      .catch(() => null);
    if (this.stateValue !== 'authenticating') return;
    if (!principal) {
      const message = 'Invalid or expired token';
      return this.fail({ message, code: 'AUTHENTICATION_FAILED', closeCode: STOMP_CLOSE_CODES.unauthorized });
    }

    this.principal = principal;
    this.versionValue = version;
    this.plan = plan;
    this.stateValue = 'connected';
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    const { heartbeatMs } = this.options;
    this.write(connectedFrame({ version, heartbeatMs, sessionId: this.id, userId: principal.userId }));
    if (this.stateValue !== 'connected') return;
    this.heartbeats.start(plan, {
      sendBeat: () => this.write(HEARTBEAT),
      lastReceivedAt: () => this.lastReceived,
      now: this.now,
      onSilent: () => this.close(STOMP_CLOSE_CODES.heartbeatTimeout, 'Heart-beat timeout'),
    });
    try {
      this.options.onOpen?.(this);
    } catch {
      return this.fail({ message: 'Session could not be registered', code: 'SERVER_ERROR' });
    }
    for (const frame of this.waiting.splice(0)) {
      if (this.stateValue !== 'connected') return;
      this.handle(frame);
    }
  }

  /** §"SEND": only the two application destinations, each with a JSON body. */
  private send(frame: StompFrame): boolean {
    const { destination, receipt } = frame.headers;
    if (destination !== APP_CONNECT && destination !== APP_TEST) {
      return this.reject('Sending to this destination is not allowed', 'ACCESS_DENIED', receipt);
    }
    const body = parseJsonBody(frame.body);
    if (!body.ok) return this.reject('The body is not JSON', 'VALIDATION_ERROR', receipt);
    const failed = (): void =>
      this.fail({ message: 'The request could not be handled', code: 'SERVER_ERROR', receipt });
    try {
      const result = this.options.onSend(this.principal?.userId as number, destination, body.value);
      if (result instanceof Promise) result.catch(failed);
    } catch {
      failed();
      return false;
    }
    return true;
  }
}
