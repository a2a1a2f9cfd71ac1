import { parentPort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { deriveContent } from '../format/derived-content.js';
import { parseIncoming, type IncomingEnvelope } from '../format/incoming-mime.js';
import type { IncomingAttachment, IncomingMail } from '../format/types.js';

/*
 * The inbound parse pool's worker (parse-pool.ts): what reading a stranger's message costs happens
 * here, off the event loop that answers every user, and the pool may end this thread when a task
 * runs past its deadline.
 */

/** Raw SMTP data: MIME, charsets and headers, then the derived content. */
export interface ParseTask {
  kind: 'parse';
  id: number;
  raw: Uint8Array;
  sizeBytes: number;
  envelope: IncomingEnvelope;
}

/** Mail built here (a local send): only its derived content, from the parts that need it. */
export interface DeriveTask {
  kind: 'derive';
  id: number;
  text: string;
  html: string | null;
  attachments: IncomingAttachment[];
}

export type PoolTask = ParseTask | DeriveTask;

/** The parsed mail without its source, which the caller already holds. */
export type ParseAnswer = Omit<IncomingMail, 'source'>;
export type DeriveAnswer = Pick<IncomingMail, 'text' | 'html' | 'derived'>;

/** The message the pool's deadline starts from: time in the queue is not the task's. */
export interface TaskStarted {
  started: number;
}

/**
 * The answer with its attachments' bytes moved to the caller rather than copied: a 40 MB message
 * was 30 MB more in each thread until the worker's next collection (bench/smtp-memory.mjs). Only
 * buffers that own their whole memory can move; small ones share Node's pool and are copied.
 */
function movedOut(mail: ParseAnswer): unknown {
  const owned = mail.attachments
    .map((a) => a.content)
    .filter((bytes) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
    .map((bytes) => bytes.buffer);
  if (owned.length === 0) return mail;
  const unique = [...new Set(owned)];
  return move({
    get [transferableSymbol]() {
      return unique;
    },
    get [valueSymbol]() {
      return mail;
    },
  });
}

export default async function runTask(task: PoolTask): Promise<unknown> {
  parentPort?.postMessage({ started: task.id } satisfies TaskStarted);
  if (task.kind === 'derive') {
    const { text, html, derived } = deriveContent({
      text: task.text,
      html: task.html,
      attachments: task.attachments.map((a) => ({ ...a, content: Buffer.from(a.content) })),
    } as IncomingMail);
    return { text, html, derived };
  }
  const raw = Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength);
  const { source: _source, ...mail } = deriveContent(await parseIncoming(raw, task.sizeBytes, task.envelope));
  return movedOut(mail);
}
