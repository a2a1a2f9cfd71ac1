import { STOMP_CLOSE_CODES } from './protocol.js';
import type { StompSession } from './session.js';

/**
 * The connected STOMP sessions of this process, by user. Each node keeps its own; the LISTEN/NOTIFY
 * fan-out calls pushToUser on every node, and only the node holding the user's sockets reaches them.
 */
export class SessionRegistry {
  private readonly byUser = new Map<number, Set<StompSession>>();

  /** Registers a connected session (pass as the session's onOpen). */
  add(session: StompSession): void {
    const userId = session.userId;
    if (userId === null || session.state !== 'connected') return;
    let sessions = this.byUser.get(userId);
    if (!sessions) {
      sessions = new Set();
      this.byUser.set(userId, sessions);
    }
    sessions.add(session);
  }

  /** Forgets a session (pass as the session's onClose); unknown sessions are ignored. */
  remove(session: StompSession): void {
    const userId = session.userId;
    if (userId === null) return;
    const sessions = this.byUser.get(userId);
    if (!sessions) return;
    sessions.delete(session);
    if (sessions.size === 0) this.byUser.delete(userId);
  }

  /** Sends `body` as JSON to each of the user's sessions subscribed to `destination`; returns how many got it. */
  pushToUser(userId: number, destination: string, body: unknown): number {
    let reached = 0;
    for (const session of this.sessionsOf(userId)) {
      if (session.push(destination, body) > 0) reached += 1;
    }
    return reached;
  }

  /** Ends every session opened with a token of this refresh family (logout, reuse detection). */
  revokeFamily(sid: string, reason = 'Session revoked'): number {
    let closed = 0;
    for (const session of this.all()) {
      if (session.sid !== sid) continue;
      session.revoke(reason);
      closed += 1;
    }
    return closed;
  }

  /** Ends sessions whose access token expired more than `graceMs` ago; a periodic sweep calls this. */
  closeExpired(graceMs: number, reason = 'Token expired'): number {
    let closed = 0;
    for (const session of this.all()) {
      if (!session.isExpiredBeyond(graceMs)) continue;
      session.revoke(reason);
      closed += 1;
    }
    return closed;
  }

  count(): number {
    let total = 0;
    for (const sessions of this.byUser.values()) total += sessions.size;
    return total;
  }

  countForUser(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Graceful shutdown: closes every socket; stompjs reconnects to another node or after restart. */
  closeAll(reason = 'Server shutting down'): void {
    for (const session of this.all()) session.close(STOMP_CLOSE_CODES.goingAway, reason);
    this.byUser.clear();
  }

  private sessionsOf(userId: number): StompSession[] {
    // A copy: pushing may close a session (dead socket) and remove it while we iterate.
    return [...(this.byUser.get(userId) ?? [])];
  }

  private all(): StompSession[] {
    return [...this.byUser.values()].flatMap((sessions) => [...sessions]);
  }
}
