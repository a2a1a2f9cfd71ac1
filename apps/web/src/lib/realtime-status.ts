import { create } from 'zustand';

/**
 * Where the real-time link stands (SPEC §4): `idle` before any attempt or after it was closed on
 * purpose, `connecting` for the first try, `connected`, `reconnecting` while a retry is scheduled,
 * and `failed` once the retries ran out.
 */
export type RealtimePhase = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

interface RealtimeStatus {
  phase: RealtimePhase;
  /** True while a STOMP session is open. */
  connected: boolean;
  /** The retry being waited for (1-based) while reconnecting; 0 otherwise. */
  attempt: number;
  /** The close code of the last lost socket (SockJS codes such as 1006), null if none. */
  closeCode: number | null;
  /** Bumped when the user asks to reconnect after a failure; the real-time provider listens. */
  retryRequests: number;
  setPhase(phase: RealtimePhase, details?: { attempt?: number; closeCode?: number | null }): void;
  /** Kept for callers that only know connected or not. */
  setConnected(connected: boolean): void;
  requestRetry(): void;
}

export const useRealtimeStatus = create<RealtimeStatus>()((set) => ({
  phase: 'idle',
  connected: false,
  attempt: 0,
  closeCode: null,
  retryRequests: 0,
  setPhase: (phase, details = {}) =>
    set((state) => ({
      phase,
      connected: phase === 'connected',
      attempt: details.attempt ?? (phase === 'reconnecting' ? state.attempt : 0),
      closeCode:
        phase === 'connected' ? null : details.closeCode !== undefined ? details.closeCode : state.closeCode,
    })),
  setConnected: (connected) =>
    set({ phase: connected ? 'connected' : 'idle', connected, attempt: 0, closeCode: null }),
  requestRetry: () => set((state) => ({ retryRequests: state.retryRequests + 1 })),
}));

/** SockJS close codes with their own text (SPEC §8), as keys of the `connection` catalogue. */
const KNOWN_CLOSE_CODES = new Set([1002, 1006, 2000, 2007]);
/** Closes that are not a fault: normal closure and going away. */
const ORDINARY_CLOSE_CODES = new Set([1000, 1001]);

/** The `connection` key explaining why the socket closed, or null when there is nothing to explain. */
export function closeReasonKey(code: number | null | undefined): string | null {
  if (code === null || code === undefined || ORDINARY_CLOSE_CODES.has(code)) return null;
  return KNOWN_CLOSE_CODES.has(code) ? `closeCodes.${code}` : 'closeCodes.unknown';
}
