import { Piscina } from 'piscina';
import { isCalendar } from '../format/invitation.js';
import type { MailLogger } from '../../lib/mail-logger.js';
import { DEFAULT_INBOUND_PARSE, type InboundParseOptions } from '../../lib/mail-limits.js';
import { parseAsPlainText, traceBlock, traceHeaders } from '../format/incoming-mime.js';
import { withoutDerivedContent } from '../format/derived-content.js';
import type { InboundParser } from '../pipeline/ports.js';
import type { DeriveAnswer, ParseAnswer, PoolTask, TaskStarted } from './parse-worker.js';
import type { IncomingAttachment } from '../format/types.js';

/*
 * Reading a stranger's message runs in worker threads (Piscina) with a deadline (issue 32): a
 * calendar, a charset guess or an HTML body that would have held the event loop for seconds or
 * minutes now holds one worker at most that long. Past the deadline the worker is ended and the
 * message is stored without what could not be derived in time: its text as it came, no HTML, no
 * invitation card; the whole source stays in "show original". Never refused, never retried for ever.
 */

/** Structured clone hands Buffers back as plain Uint8Arrays. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Under tests the server runs from its TypeScript sources (vitest); a worker thread gets no such
 * loader of its own, so it is started with tsx, the one the dev script uses.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(`./parse-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  return { filename, execArgv: fromSource ? ['--import', 'tsx', '--conditions=source'] : [] };
}

export function createInboundParser(
  options: InboundParseOptions = DEFAULT_INBOUND_PARSE,
  logger?: MailLogger,
): InboundParser {
  let pool: Piscina | null = null;
  let nextId = 1;
  /** Tasks waiting for their worker to start on them: the deadline's clock starts then. */
  const starting = new Map<number, () => void>();

  // Made at the first message, so that a process (or test) that never receives mail starts no thread.
  const poolOf = () => {
    if (pool) return pool;
    pool = new Piscina({
      ...workerEntry(),
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb },
    });
    pool.on('message', (message: TaskStarted) => starting.get(message.started)?.());
    pool.on('error', (error: unknown) => logger?.warn({ err: error }, 'inbound parse: a worker failed'));
    return pool;
  };

  /** Runs a task under the deadline; null when it ran out of time or its worker died. */
  async function run<T>(task: PoolTask, what: string): Promise<T | null> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    starting.set(task.id, () => {
      starting.delete(task.id);
      timer = setTimeout(() => abort.abort(), options.deadlineMs);
    });
    const started = Date.now();
    try {
      return (await poolOf().run(task, { signal: abort.signal })) as T;
    } catch (error) {
      logger?.warn(
        { err: error, ms: Date.now() - started, timedOut: abort.signal.aborted },
        `inbound parse: ${what} stored without its derived content`,
      );
      return null;
    } finally {
      starting.delete(task.id);
      clearTimeout(timer);
    }
  }

  return {
    async parse(raw, sizeBytes, envelope) {
      const answer = await run<ParseAnswer>(
        { kind: 'parse', id: nextId++, raw, sizeBytes, envelope },
        'a message that could not be read in time',
      );
      const source = [traceBlock(traceHeaders(envelope)), raw];
      if (!answer) return { ...parseAsPlainText(raw, sizeBytes, envelope), source };
      return {
        ...answer,
        attachments: answer.attachments.map((a) => ({ ...a, content: asBuffer(a.content) })),
        source,
      };
    },

    async derive(mail) {
      if (mail.derived) return mail;
      const calendars: IncomingAttachment[] = mail.attachments.filter(isCalendar);
      const answer = await run<DeriveAnswer>(
        { kind: 'derive', id: nextId++, text: mail.text, html: mail.html ?? null, attachments: calendars },
        'a message whose content could not be read in time',
      );
      return answer ? { ...mail, ...answer } : withoutDerivedContent(mail);
    },

    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
