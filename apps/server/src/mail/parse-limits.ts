import os from 'node:os';

/**
 * The inbound parse pool's settings (parse-pool.ts), apart from the pool so that the configuration
 * reads them without loading the pool, its worker's parsers and Piscina.
 */
export interface InboundParseOptions {
  /** Worker threads reading messages at once. */
  threads: number;
  /** How long one message may take in a worker, from the moment the worker starts on it. */
  deadlineMs: number;
  /** V8 heap of each worker: a message that needs more ends its worker, not the process. */
  workerHeapMb: number;
}

export const DEFAULT_INBOUND_PARSE: InboundParseOptions = {
  threads: Math.max(2, Math.min(4, Math.floor(os.availableParallelism() / 2))),
  deadlineMs: 20_000,
  workerHeapMb: 512,
};
