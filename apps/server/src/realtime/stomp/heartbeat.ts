/** STOMP 1.2 §"Heart-beating": negotiation and the two timers a session runs. */

export interface HeartbeatPlan {
  /** How often the server sends an EOL; 0 means never. */
  sendEveryMs: number;
  /** How often the client promised to send something; 0 means no check. */
  expectEveryMs: number;
}

/**
 * The client's CONNECT says `cx,cy` (it can send every cx, wants to receive every cy); the server
 * offers `sx,sy`. Server to client: MAX(sx, cy) unless either is 0; client to server: MAX(cx, sy)
 * unless either is 0. A missing header means 0,0. Returns null for a malformed header.
 */
export function negotiateHeartbeat(clientHeader: string | undefined, serverMs: number): HeartbeatPlan | null {
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(clientHeader ?? '0,0');
  if (!match) return null;
  const cx = Number(match[1]);
  const cy = Number(match[2]);
  const sx = serverMs;
  const sy = serverMs;
  return {
    sendEveryMs: sx === 0 || cy === 0 ? 0 : Math.max(sx, cy),
    expectEveryMs: cx === 0 || sy === 0 ? 0 : Math.max(cx, sy),
  };
}

/** The spec lets a peer call the link dead after "some time"; we allow two missed intervals. */
export const SILENCE_TOLERANCE = 2;

export interface HeartbeatHooks {
  sendBeat(): void;
  /** Time of the last bytes received, in the same clock as `now`. */
  lastReceivedAt(): number;
  now(): number;
  onSilent(): void;
}

/** Runs the negotiated beats; `stop()` clears every timer so a closed session leaks none. */
export class HeartbeatTimers {
  private sender: ReturnType<typeof setInterval> | null = null;
  private watcher: ReturnType<typeof setInterval> | null = null;

  start(plan: HeartbeatPlan, hooks: HeartbeatHooks): void {
    this.stop();
    if (plan.sendEveryMs > 0) {
      this.sender = setInterval(() => hooks.sendBeat(), plan.sendEveryMs);
      this.sender.unref?.();
    }
    if (plan.expectEveryMs > 0) {
      const limit = plan.expectEveryMs * SILENCE_TOLERANCE;
      this.watcher = setInterval(() => {
        if (hooks.now() - hooks.lastReceivedAt() > limit) hooks.onSilent();
      }, plan.expectEveryMs);
      this.watcher.unref?.();
    }
  }

  stop(): void {
    if (this.sender) clearInterval(this.sender);
    if (this.watcher) clearInterval(this.watcher);
    this.sender = this.watcher = null;
  }

  get running(): boolean {
    return this.sender !== null || this.watcher !== null;
  }
}
