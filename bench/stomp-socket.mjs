// A cheap STOMP client for many idle sockets: a plain WebSocket straight to SockJS's raw-session URL
// (/ws/<server>/<session>/websocket), STOMP frames written by hand inside SockJS's JSON arrays.
// Each one CONNECTs with a real token and SUBSCRIBEs to the user's queue, like the web app.
import crypto from 'node:crypto';
import { WebSocket } from 'undici';

const NUL = '\u0000';

function frame(command, headers, body = '') {
  const lines = Object.entries(headers).map(([k, v]) => `${k}:${v}`);
  return `${command}\n${lines.join('\n')}\n\n${body}${NUL}`;
}

/** The STOMP frames inside one SockJS message ('a["…","…"]'); other SockJS frames give none. */
function stompFramesOf(data) {
  if (typeof data !== 'string' || data[0] !== 'a') return [];
  return JSON.parse(data.slice(1));
}

/**
 * Opens one socket, CONNECTs (heart-beats off: idle sockets should cost what an idle socket costs)
 * and subscribes; resolves once CONNECTED came back. onMessage gets each MESSAGE frame's text.
 */
export function openStompSocket(base, token, { onMessage, timeoutMs = 30_000 } = {}) {
  const server = String(crypto.randomInt(0, 1000)).padStart(3, '0');
  const session = crypto.randomBytes(8).toString('hex');
  const url = `${base.replace(/^http/, 'ws')}/ws/${server}/${session}/websocket`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let connected = false;
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error('STOMP CONNECT timed out'));
    }, timeoutMs);
    const send = (text) => ws.send(JSON.stringify([text]));
    ws.addEventListener('message', (event) => {
      const data = String(event.data);
      if (data === 'o') {
        send(
          frame('CONNECT', {
            'accept-version': '1.2',
            host: '127.0.0.1',
            Authorization: `Bearer ${token}`,
            'heart-beat': '0,0',
          }),
        );
        return;
      }
      if (data[0] === 'c') {
        if (!connected) reject(new Error(`closed before CONNECTED: ${data}`));
        return;
      }
      for (const text of stompFramesOf(data)) {
        if (text.startsWith('CONNECTED')) {
          connected = true;
          clearTimeout(timer);
          send(frame('SUBSCRIBE', { id: 'sub-0', destination: '/user/queue/notifications' }));
          resolve({
            close: () => ws.close(),
          });
        } else if (text.startsWith('ERROR')) {
          clearTimeout(timer);
          reject(new Error(`STOMP ERROR: ${text.slice(0, 200)}`));
        } else if (text.startsWith('MESSAGE')) {
          onMessage?.(text);
        }
      }
    });
    ws.addEventListener('error', (event) => {
      clearTimeout(timer);
      if (!connected) reject(new Error(`WebSocket error: ${event.message ?? 'unknown'}`));
    });
  });
}

/** Runs `count` async tasks with at most `width` at once. */
export async function inBatches(count, width, task) {
  let next = 0;
  const results = new Array(count);
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return results;
}
