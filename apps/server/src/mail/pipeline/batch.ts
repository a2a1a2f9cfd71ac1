import type { Tx } from '../../db/client.js';
import type { DeliveredMessage, IncomingMail, SenderTrace } from '../format/types.js';
import { commitDelivery } from './commit.js';
import type { DeliveryDeps, StoredDelivery } from './ports.js';

/*
 * Deliveries that arrive together share one transaction (issue 13, group delivery). A delivery is
 * about ten short statements, and on two cores each round trip and each commit costs CPU on both
 * sides; one BEGIN and one COMMIT (one WAL flush, one PGlite syncToFs) for a batch, and no
 * savepoint around each notification, cut a busy server's round trips per message about in half.
 *
 * A batch forms only under load: while fewer than `maxInFlight` transactions are running a
 * delivery starts at once, alone; the ones that arrive meanwhile wait for the next free slot and
 * then go together. So a quiet server answers as fast as before, and a busy one batches more the
 * busier it is. A first try has no savepoints, alone or in a batch. If anything in it fails, the
 * whole transaction rolls back and every delivery in it is retried alone on the guarded path
 * (a savepoint around each notification), so one bad message never costs another its mail, a
 * notification that cannot be written never costs the mail itself, and none of a batch is stored
 * unless all of it is. A delivery alone saves the savepoint's three statements this way.
 *
 * Hand-written: a queue and a counter; what a library would give is the part that matters least.
 */

/** One recipient's delivery, waiting for its transaction (alone or in a batch). */
export interface BatchJob {
  userId: number;
  mail: IncomingMail;
  trace: SenderTrace;
}

/** What the batcher needs of the pipeline (deliver.ts passes its own steps; no import cycle). */
export interface BatchSteps {
  /** Steps 4–7 in an open transaction, in order; `savepoints` guards each notification with one. */
  store(tx: Tx, jobs: BatchJob[], savepoints: boolean): Promise<StoredDelivery[]>;
  /** Step 9, once the delivery's commit is durable (8). Logs its errors, never throws. */
  afterCommit(stored: StoredDelivery): Promise<void>;
}

interface Waiting extends BatchJob {
  resolve(message: DeliveredMessage): void;
  reject(error: unknown): void;
}

/** Most deliveries in one transaction: a batch holds its connection (and on PGlite the database). */
const MAX_BATCH = 32;

export class DeliveryBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly steps: BatchSteps,
    private readonly commit: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
    private readonly maxInFlight: number,
  ) {}

  deliver(job: BatchJob): Promise<DeliveredMessage> {
    return new Promise<DeliveredMessage>((resolve, reject) => {
      this.queue.push({ ...job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const jobs = this.queue.splice(0, MAX_BATCH);
      this.inFlight += 1;
      const slot = { open: true };
      // The slot is free once the commit is through; the after-commit work need not hold it.
      const free = () => {
        if (!slot.open) return;
        slot.open = false;
        this.inFlight -= 1;
        this.pump();
      };
      void this.run(jobs, free).finally(free);
    }
  }

  private async run(jobs: Waiting[], free: () => void): Promise<void> {
    let stored: StoredDelivery[];
    try {
      stored = await this.commit((tx) => this.steps.store(tx, jobs, false));
    } catch {
      // The slot goes first: the work after a commit may deliver again (a filter's local forward).
      free();
      // Which one failed is not known, and the rollback took all: each goes again, alone, guarded.
      // A delivery that fails again (no such user, say) is refused with that second error.
      await Promise.all(jobs.map((job) => this.alone(job).then(job.resolve, job.reject)));
      return;
    }
    free();
    await Promise.all(jobs.map((job, i) => this.finish(stored[i]!).then(job.resolve, job.reject)));
  }

  private async alone(job: BatchJob): Promise<DeliveredMessage> {
    const [stored] = await this.commit((tx) => this.steps.store(tx, [job], true));
    return this.finish(stored!);
  }

  private async finish(stored: StoredDelivery): Promise<DeliveredMessage> {
    await this.steps.afterCommit(stored);
    return stored.message;
  }
}

/**
 * Transactions of delivery batches running at once on PostgreSQL (pool of 20). Measured on two cores
 * at 10 and 50 SMTP sessions (docs/BENCHMARKS.md, 2026-11-27 21:14): 2 delivered 10–20 % more than
 * 4 and 8 with less CPU a message; 1 did as well as 2 but lets one slow transaction hold every
 * other delivery back.
 */
const BATCHES_IN_FLIGHT = 2;

/** One batcher per pipeline: deps are built once per app (src/wiring.ts); a test may build its own. */
const batchers = new WeakMap<DeliveryDeps, DeliveryBatcher>();

export function batcherFor(deps: DeliveryDeps, steps: () => BatchSteps): DeliveryBatcher {
  let batcher = batchers.get(deps);
  if (!batcher) {
    batcher = new DeliveryBatcher(
      steps(),
      (work) => commitDelivery(deps, work),
      // PGlite runs one transaction at a time; PostgreSQL gets a few, within its pool.
      deps.database.kind === 'pglite' ? 1 : BATCHES_IN_FLIGHT,
    );
    batchers.set(deps, batcher);
  }
  return batcher;
}
