import type { ErrorCode } from '@postline/shared/errors';
import { USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import { canonicalDestination } from './protocol.js';

/** Enough for several tabs' worth of re-subscribes; a client asking for more is misbehaving. */
export const MAX_SUBSCRIPTIONS = 16;

export type SubscribeOutcome = { ok: true } | { ok: false; message: string; code: ErrorCode };

/**
 * One session's subscriptions (§"SUBSCRIBE", §"UNSUBSCRIBE"): id to destination as the client spelled
 * it. Only the user's own notification queue may be subscribed (DESIGN.md "Auth").
 */
export class SessionSubscriptions {
  private readonly byId = new Map<string, string>();

  constructor(private readonly userId: () => number | null) {}

  get size(): number {
    return this.byId.size;
  }

  add(id: string | undefined, destination: string | undefined): SubscribeOutcome {
    if (!id) return { ok: false, message: 'SUBSCRIBE needs an id header', code: 'VALIDATION_ERROR' };
    if (!destination || canonicalDestination(destination, this.userId()) !== USER_NOTIFICATIONS_QUEUE) {
      return { ok: false, message: 'Subscription to this destination is not allowed', code: 'ACCESS_DENIED' };
    }
    if (this.byId.has(id))
      return { ok: false, message: `Subscription id ${id} is in use`, code: 'VALIDATION_ERROR' };
    if (this.byId.size >= MAX_SUBSCRIPTIONS)
      return { ok: false, message: 'Too many subscriptions', code: 'VALIDATION_ERROR' };
    this.byId.set(id, destination);
    return { ok: true };
  }

  /** An unknown id is harmless: the client may unsubscribe after the server forgot it. */
  remove(id: string): void {
    this.byId.delete(id);
  }

  /** The subscriptions a message to `destination` reaches, with the destination each subscribed to. */
  matching(destination: string): Array<{ id: string; destination: string }> {
    const target = canonicalDestination(destination, this.userId());
    const found: Array<{ id: string; destination: string }> = [];
    for (const [id, subscribed] of this.byId) {
      if (canonicalDestination(subscribed, this.userId()) === target)
        found.push({ id, destination: subscribed });
    }
    return found;
  }

  clear(): void {
    this.byId.clear();
  }
}
