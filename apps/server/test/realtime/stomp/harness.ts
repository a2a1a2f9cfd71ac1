import { encodeFrame, type StompFrame, type StompHeaders } from '../../../src/realtime/stomp/frame.js';
import { StompFrameDecoder } from '../../../src/realtime/stomp/frame-decoder.js';
import {
  StompSession,
  type StompPrincipal,
  type StompSessionOptions,
} from '../../../src/realtime/stomp/session.js';

/** Tokens the fake authenticate() knows; anything else is refused. */
export const PRINCIPALS: Record<string, StompPrincipal> = {
  good: { userId: 7, sid: 'family-7', exp: Math.floor(Date.now() / 1000) + 900 },
  other: { userId: 8, sid: 'family-8', exp: Math.floor(Date.now() / 1000) + 900 },
};

export interface Harness {
  session: StompSession;
  /** Frames the session sent, decoded the way a client would. */
  frames: StompFrame[];
  heartbeats(): number;
  closes: Array<{ code: number | undefined; reason: string | undefined }>;
  sends: Array<{ userId: number; destination: string; body: unknown }>;
}

export function createHarness(options: Partial<StompSessionOptions> = {}): Harness {
  const frames: StompFrame[] = [];
  const closes: Harness['closes'] = [];
  const sends: Harness['sends'] = [];
  const decoder = new StompFrameDecoder({ maxFrameBytes: 16 * 1024 * 1024 });
  let heartbeats = 0;
  const session = new StompSession(
    {
      send(text) {
        const result = decoder.push(text);
        frames.push(...result.frames);
        heartbeats += result.heartbeats;
      },
      close(code, reason) {
        closes.push({ code, reason });
      },
    },
    {
      authenticate: async (token) => PRINCIPALS[token] ?? null,
      onSend: (userId, destination, body) => {
        sends.push({ userId, destination, body });
      },
      heartbeatMs: 4000,
      ...options,
    },
  );
  return { session, frames, heartbeats: () => heartbeats, closes, sends };
}

/** Lets the async authenticate() settle without moving (fake) time. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export function frame(command: StompFrame['command'], headers: StompHeaders = {}, body = ''): string {
  return encodeFrame({ command, headers, body });
}

export async function connect(h: Harness, headers: StompHeaders = {}): Promise<void> {
  h.session.receive(
    frame('CONNECT', {
      'accept-version': '1.2,1.1,1.0',
      'heart-beat': '4000,4000',
      Authorization: 'Bearer good',
      ...headers,
    }),
  );
  await settle();
}

export function last(h: Harness): StompFrame | undefined {
  return h.frames[h.frames.length - 1];
}
