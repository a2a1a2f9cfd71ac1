import { Client, type IFrame, type IMessage, type StompConfig } from '@stomp/stompjs';
import type SockJS from 'sockjs-client/dist/sockjs.js';
import { REALTIME_MAX_ATTEMPTS, REALTIME_RECONNECT_DELAY_MS } from '@postline/shared/limits';
import {
  APP_CONNECT,
  HEARTBEAT_MS,
  realtimeUrl,
  USER_NOTIFICATIONS_QUEUE,
} from '@postline/shared/realtime-paths';
import { useRealtimeStatus } from './realtime-status';

const SOCKJS_TRANSPORTS = ['websocket', 'xhr-streaming', 'xhr-polling'];

type SockJsConstructor = typeof SockJS;

/** SockJS's raw WebSocket endpoint beside its own: http://host/ws → ws://host/ws/websocket. */
export function plainWebSocketUrl(sockJsUrl: string): string {
  return `${sockJsUrl.replace(/^http/, 'ws')}/websocket`;
}

/** The part of @stomp/stompjs' Client used here, so tests can hand in a fake one. */
export interface StompClientLike {
  activate(): void;
  deactivate(): Promise<void>;
  subscribe(destination: string, callback: (message: Pick<IMessage, 'body'>) => void): unknown;
  publish(params: { destination: string; body: string }): void;
}

export type StompClientFactory = (config: StompConfig) => StompClientLike;

export interface RealtimeOptions {
  /** The access token sent in CONNECT; a connection is never opened without one. */
  token: string;
  /** Each MESSAGE body on the notification queue, parsed from JSON (unparseable bodies are dropped). */
  onNotification(body: unknown): void;
  /** A STOMP session opened (first time or after a reconnect). */
  onConnected?(): void;
  /** The server answered with an ERROR frame (for instance a token it no longer accepts). */
  onRejected?(frame: IFrame): void;
  /** The retries ran out; the user has to act. */
  onGiveUp?(closeCode: number | null): void;
  /** Defaults to SPEC §7's host rule applied to the page's location. */
  url?: string;
  createClient?: StompClientFactory;
}

export interface RealtimeConnection {
  /** Ends the session and any scheduled retry; nothing is reported after this. */
  close(): void;
  publish(destination: string, body: unknown): void;
}

/** SPEC §9: the n-th retry waits 5000 ms × n. */
export function retryDelayMs(attempt: number): number {
  return REALTIME_RECONNECT_DELAY_MS * attempt;
}

const createStompClient: StompClientFactory = (config) => new Client(config);

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * Opens STOMP with the bearer token (over a plain WebSocket to /ws/websocket, over SockJS when that
 * never got through), subscribes to the user's notification queue and
 * announces itself on /app/connect. A lost or refused socket is retried after 5000 ms × attempt,
 * at most REALTIME_MAX_ATTEMPTS times; then onGiveUp. Progress is published to useRealtimeStatus.
 */
export function openRealtimeConnection(options: RealtimeOptions): RealtimeConnection {
  const status = useRealtimeStatus.getState();
  const factory = options.createClient ?? createStompClient;
  const url = options.url ?? realtimeUrl(window.location);
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let sessionOpen = false;
  // A plain WebSocket first: SockJS (15 kB, and an unload listener browsers now warn about) loads
  // only when a plain socket never got through, as behind a proxy that drops WebSocket (issue 17).
  let connectedOnce = false;
  let sockJs: SockJsConstructor | undefined;
  const fallBackToSockJs = () => {
    void import('sockjs-client/dist/sockjs.js').then((module) => (sockJs = module.default));
  };

  const client: StompClientLike = factory({
    // No iframe transports: they load sockjs.js from a CDN into a frame (blocked by our CSP and by
    // closed networks, where the frame then fails with "SockJS is not defined"); XHR covers proxies.
    webSocketFactory: () =>
      sockJs
        ? new sockJs(url, null, { transports: SOCKJS_TRANSPORTS })
        : new WebSocket(plainWebSocketUrl(url)),
    connectHeaders: { Authorization: `Bearer ${options.token}` },
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
    // stompjs' own loop retries forever at one fixed delay; the schedule of SPEC §9 (growing delay,
    // a limit, then a message) is kept below instead, so the library's loop stays off.
    reconnectDelay: 0,
    onConnect: () => {
      if (closed) return;
      failures = 0;
      sessionOpen = true;
      connectedOnce = true;
      client.subscribe(USER_NOTIFICATIONS_QUEUE, (message) => {
        const body = parseBody(message.body);
        if (body !== undefined) options.onNotification(body);
      });
      client.publish({ destination: APP_CONNECT, body: '{}' });
      status.setPhase('connected');
      options.onConnected?.();
    },
    onStompError: (frame: IFrame) => {
      if (closed) return;
      // SPEC §4: a protocol error marks the link down; the socket close that follows schedules the retry.
      status.setPhase('reconnecting', { attempt: failures + 1 });
      options.onRejected?.(frame);
    },
    onWebSocketClose: (event?: { code?: number }) => {
      sessionOpen = false;
      if (closed) return;
      // Stop the library from reconnecting by itself; the retry below is the only one.
      void client.deactivate();
      const closeCode = typeof event?.code === 'number' ? event.code : null;
      if (!connectedOnce && !sockJs) fallBackToSockJs();
      failures += 1;
      if (failures > REALTIME_MAX_ATTEMPTS) {
        status.setPhase('failed', { closeCode });
        options.onGiveUp?.(closeCode);
        return;
      }
      status.setPhase('reconnecting', { attempt: failures, closeCode });
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (!closed) client.activate();
      }, retryDelayMs(failures));
    },
  });

  status.setPhase('connecting', { closeCode: null });
  client.activate();

  return {
    close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      void client.deactivate();
      useRealtimeStatus.getState().setPhase('idle', { closeCode: null });
    },
    publish(destination, body) {
      // stompjs throws when no session is open; a send while reconnecting is simply dropped.
      if (!closed && sessionOpen) client.publish({ destination, body: JSON.stringify(body) });
    },
  };
}
