import type { FastifyBaseLogger } from 'fastify';
import { APP_CONNECT, APP_TEST, appTestBodySchema } from '@postline/shared/realtime';
import type { NotificationTestRequest } from '@postline/shared/notifications';

/**
 * What the socket asks of the notifications area. Named here rather than imported, so that real time
 * does not depend on notifications, which publishes through real time (realtime/fan-out.ts).
 */
export interface TestNotificationSender {
  sendTest(userId: number, body: NotificationTestRequest): Promise<unknown>;
}

/** Test notifications a user may ask for per minute over the socket (the REST route has its own limit). */
const TESTS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/** A fixed one-minute window per user; enough to stop a script looping on SEND /app/test. */
class PerUserLimit {
  private readonly windows = new Map<number, { start: number; used: number }>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(userId: number): boolean {
    const now = this.now();
    const window = this.windows.get(userId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.prune(now);
      this.windows.set(userId, { start: now, used: 1 });
      return true;
    }
    window.used += 1;
    return window.used <= this.max;
  }

  private prune(now: number): void {
    for (const [userId, window] of this.windows)
      if (now - window.start >= WINDOW_MS) this.windows.delete(userId);
  }
}

/**
 * SEND to /app/connect and /app/test (SPEC §7 Real-time). /app/connect needs nothing beyond the
 * RECEIPT the session sends when asked; /app/test writes a test notification, which comes back
 * through the same fan-out as any other. A bad body or a failed write never closes the socket.
 */
export function appDestinationHandler(notifications: TestNotificationSender, log: FastifyBaseLogger) {
  const limit = new PerUserLimit(TESTS_PER_MINUTE);
  return async (userId: number, destination: string, body: unknown): Promise<void> => {
    if (destination === APP_CONNECT) return;
    if (destination !== APP_TEST) return;
    const parsed = appTestBodySchema.safeParse(body);
    if (!parsed.success || !limit.take(userId)) return;
    try {
      await notifications.sendTest(userId, parsed.data);
    } catch (error) {
      log.error({ err: error, userId }, 'test notification over STOMP failed');
    }
  };
}
