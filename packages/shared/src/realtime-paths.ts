import { REALTIME_HEARTBEAT_MS } from './limits.js';

/** Real-time contract: STOMP 1.2 over SockJS (SPEC §7 Real-time); realtime.ts re-exports all of it. */

export const SOCKJS_PATH = '/ws';

/** The client subscribes here; the server resolves it to the signed-in user's own queue. */
export const USER_NOTIFICATIONS_QUEUE = '/user/queue/notifications';
/** Sent once after CONNECTED with an empty object. */
export const APP_CONNECT = '/app/connect';
/** Asks the server to create a test notification ({title, content}). */
export const APP_TEST = '/app/test';

/** Both directions offer this heart-beat (SPEC §9). */
export const HEARTBEAT_MS = REALTIME_HEARTBEAT_MS;

/** Limits on frames a client sends (STOMP 1.2 "Size Limits"). */
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_HEADERS = 32;
/** Longest header line, name and value together, in UTF-8 bytes. */
export const MAX_HEADER_LENGTH = 1024;

/** The explicit per-user form a client may subscribe to instead of USER_NOTIFICATIONS_QUEUE. */
export function userNotificationsQueueOf(userId: number | string): string {
  return `/user/${userId}/queue/notifications`;
}

/** The parts of `window.location` the rule needs. */
export interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * SockJS endpoint URL: the page's own origin. Postline serves the app itself, and the Vite dev
 * server proxies /ws (issue 17: SPEC's rule of localhost:8082 was for a separate dev server).
 * SockJS wants http(s) URLs; it picks ws(s) itself.
 */
export function realtimeUrl(location: PageLocation): string {
  return `${location.protocol}//${location.host}${SOCKJS_PATH}`;
}
