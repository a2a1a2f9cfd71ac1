import type { FastifyInstance } from 'fastify';
import sockjs from 'sockjs';
import { HEARTBEAT_MS, MAX_FRAME_BYTES, SOCKJS_PATH } from '@postline/shared/realtime';
import { verifyAccessToken } from '../modules/auth/index.js';
import { appDestinationHandler } from './app-destinations.js';
import { SESSION_REVOKED_CHANNEL } from './fan-out.js';
import { listenForFanOut } from './fan-out-listener.js';
import { interceptRealtimeRequests, type SockjsHandler } from './http-intercept.js';
import { originPolicy } from './origin.js';
import { SessionRegistry } from './stomp/registry.js';
import { StompSession, type StompPrincipal, type StompSessionOptions } from './stomp/session.js';

export interface RealtimeOptions {
  heartbeatMs?: number;
  /** A socket whose access token expired longer ago than this is closed (the client reconnects with a fresh one). */
  expiredGraceMs?: number;
  sweepEveryMs?: number;
  /** Largest SockJS message or xhr_send body; a few frames' worth, so the STOMP limits decide. */
  maxTransportBytes?: number;
}

export interface RealtimeEndpoint {
  readonly registry: SessionRegistry;
  /** Graceful shutdown: closes every socket, stops listening, gives /ws back to the HTTP app. */
  close(): Promise<void>;
}

const DEFAULT_EXPIRED_GRACE_MS = 15 * 60_000;
const DEFAULT_SWEEP_MS = 60_000;

/**
 * A plain WebSocket (sockjs' raw /ws/websocket) closes through faye-websocket, which takes only
 * 1000 and 3000–4999, as browsers do, and throws on anything else: 1001 (going away) would send no
 * close frame at all. It goes as 1000, which clients read the same way (no reason shown).
 */
function closeCodeFor(protocol: string, code: number | undefined): number | undefined {
  if (protocol !== 'websocket-raw' || code === undefined) return code;
  return code === 1000 || (code >= 3000 && code <= 4999) ? code : 1000;
}

/** sockjs 0.3.24 has these at run time; @types/sockjs leaves them out. */
interface SockjsServerInternals {
  listener(options: { prefix: string }): { getHandler(): SockjsHandler };
}
interface SockjsExtraOptions {
  faye_server_options: { maxLength: number };
}

/**
 * STOMP over SockJS at /ws on the app's HTTP server (SPEC §7 Real-time, DESIGN.md "Auth"): one
 * StompSession per connection, CONNECT checked against the JWT and its live refresh family, pushes
 * from the LISTEN/NOTIFY fan-out. Call once the app is built; listening may come before or after.
 */
export async function attachRealtime(
  app: FastifyInstance,
  options: RealtimeOptions = {},
): Promise<RealtimeEndpoint> {
  const log = app.log.child({ module: 'realtime' });
  const registry = new SessionRegistry();
  const maxTransportBytes = options.maxTransportBytes ?? 4 * MAX_FRAME_BYTES;

  const authenticate = async (token: string): Promise<StompPrincipal | null> => {
    const verified = await verifyAccessToken(app.signingKey, token);
    if (!verified.ok) return null;
    const { userId, sessionId, exp } = verified.payload;
    // A signed-out family's tokens stay valid JWTs until they expire; the session row says no.
    if (!(await app.auth.isSessionActive(sessionId, userId))) return null;
    return { userId, sid: sessionId, exp };
  };
  const sessionOptions: StompSessionOptions = {
    authenticate,
    onSend: appDestinationHandler(app.notifications, log),
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    onOpen: (session) => registry.add(session),
    onClose: (session) => registry.remove(session),
  };

  const serverOptions: sockjs.ServerOptions & SockjsExtraOptions = {
    prefix: SOCKJS_PATH,
    faye_server_options: { maxLength: maxTransportBytes },
    log: (severity, line) => (severity === 'error' ? log.error(line) : log.trace(line)),
  };
  const sockjsServer = sockjs.createServer(serverOptions);
  sockjsServer.on('connection', (conn: sockjs.Connection | null) => {
    // sockjs emits null for a session that closed while it was being opened.
    if (!conn) return;
    const session = new StompSession(
      {
        send: (text) => void conn.write(text),
        // @types/sockjs says string, but sockjs puts the value into the close frame as given and
        // clients compare numbers (4001 and friends), so the number must go through unchanged.
        close: (code, reason) =>
          void (conn.close as (code?: number, reason?: string) => boolean)(
            closeCodeFor(conn.protocol, code),
            reason,
          ),
      },
      sessionOptions,
    );
    conn.on('data', (message) => session.receive(message));
    conn.on('close', () => session.transportClosed());
  });
  const handler = (sockjsServer as unknown as SockjsServerInternals)
    .listener({ prefix: SOCKJS_PATH })
    .getHandler();
  const detach = interceptRealtimeRequests(app.server, {
    prefix: SOCKJS_PATH,
    handler,
    isAllowedOrigin: originPolicy(app.config),
    maxBodyBytes: maxTransportBytes,
    onRefused: (reason, req) =>
      log.info({ reason, origin: req.headers.origin, url: req.url }, 'real-time request refused'),
  });

  const stopFanOut = await listenForFanOut({
    database: app.database,
    registry,
    load: (userId, id) => app.notifications.get(userId, id).catch(() => undefined),
    log,
  });

  // Close the family's sockets here at once, and on every other node through the channel.
  const previousOnRevoked = app.auth.onSessionRevoked;
  app.auth.onSessionRevoked = (sessionId) => {
    previousOnRevoked?.(sessionId);
    registry.revokeFamily(sessionId);
    app.database
      .notify(SESSION_REVOKED_CHANNEL, sessionId)
      .catch((error: unknown) => log.warn({ err: error }, 'could not announce a revoked session'));
  };

  const expiredGraceMs = options.expiredGraceMs ?? DEFAULT_EXPIRED_GRACE_MS;
  const sweep = setInterval(
    () => registry.closeExpired(expiredGraceMs),
    options.sweepEveryMs ?? DEFAULT_SWEEP_MS,
  );
  sweep.unref();

  let closed = false;
  return {
    registry,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      app.auth.onSessionRevoked = previousOnRevoked;
      await stopFanOut().catch((error: unknown) => log.warn({ err: error }, 'could not stop listening'));
      registry.closeAll();
      detach();
    },
  };
}
