/*
 * Other tabs of the same browser hear about notifications marked read here, so their badges drop
 * at once instead of at their next server round trip. One channel object per tab: a
 * BroadcastChannel never receives what it posts itself, but would hear a second object of this tab.
 */
const CHANNEL_NAME = 'postline:notifications';

export interface ReadElsewhere {
  ids: number[];
  readAt: string;
}

let channel: BroadcastChannel | null | undefined;

function sharedChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  }
  return channel;
}

export function announceRead(change: ReadElsewhere): void {
  sharedChannel()?.postMessage({ kind: 'read', ...change });
}

function isReadMessage(data: unknown): data is ReadElsewhere & { kind: 'read' } {
  if (typeof data !== 'object' || data === null) return false;
  const { kind, ids, readAt } = data as Record<string, unknown>;
  return kind === 'read' && Array.isArray(ids) && typeof readAt === 'string';
}

export function onReadElsewhere(listener: (change: ReadElsewhere) => void): () => void {
  const target = sharedChannel();
  if (!target) return () => undefined;
  const handler = (event: MessageEvent) => {
    if (isReadMessage(event.data)) listener({ ids: event.data.ids, readAt: event.data.readAt });
  };
  target.addEventListener('message', handler);
  return () => target.removeEventListener('message', handler);
}
