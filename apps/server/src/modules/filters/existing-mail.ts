import type { FastifyInstance } from 'fastify';
import { summarizePlan } from './engine/disposition.js';
import { evaluateFilter } from './engine/evaluate.js';
import { applyDispositionToStored } from './disposition-store.js';
import { filterableFromStored } from './message-source.js';
import { findFilterRecord, recordExecutions, type ExecutionEntry } from './repository.js';
import { getSystemFolder } from '../folders/index.js';
import { lockFolderBatch } from '../messages/index.js';
import { notifyExistingMailFiltered, type NotificationService } from '../notifications/index.js';

/** Messages per transaction: short enough that delivery to the same user never waits long. */
export const EXISTING_MAIL_BATCH = 200;

export interface ExistingMailOutcome {
  scanned: number;
  matched: number;
}

/**
 * "Apply to existing mail" (applyToExisting): a filter runs over the user's INBOX in the background,
 * a batch per transaction, and a FILTER_EXECUTED notification says how it went. The job ends early
 * when the app closes; close() waits for jobs under way.
 */
export class ExistingMailJobs {
  private readonly running = new Set<Promise<unknown>>();
  private closing = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly notifications: NotificationService,
  ) {}

  start(userId: number, filterId: number): Promise<ExistingMailOutcome | null> {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(userId, filterId))
      .catch((error: unknown) => {
        this.app.log.error({ err: error, userId, filterId }, 'applying a filter to existing mail failed');
        return null;
      });
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
    return job;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
  }

  private async run(userId: number, filterId: number): Promise<ExistingMailOutcome | null> {
    const { database } = this.app;
    const filter = await findFilterRecord(database.db, userId, filterId);
    if (!filter || !filter.isActive) return null;
    const inbox = await getSystemFolder(database.db, userId, 'INBOX');
    const outcome: ExistingMailOutcome = { scanned: 0, matched: 0 };
    let cursor = 0;
    while (!this.closing) {
      const batch = await database.transaction(async (tx) => {
        const rows = await lockFolderBatch(tx, userId, inbox.id, cursor, EXISTING_MAIL_BATCH);
        const executions: ExecutionEntry[] = [];
        for (const row of rows) {
          const started = performance.now();
          const evaluation = evaluateFilter(filter, await filterableFromStored(tx, row), {
            exhaustive: false,
          });
          if (!evaluation.matched) continue;
          await applyDispositionToStored(tx, row, summarizePlan(evaluation.plannedActions), this.app.log);
          executions.push({ filterId, messageId: row.id, durationMs: performance.now() - started });
        }
        await recordExecutions(tx, userId, executions);
        return { size: rows.length, last: rows.at(-1)?.id ?? cursor, matched: executions.length };
      });
      outcome.scanned += batch.size;
      outcome.matched += batch.matched;
      cursor = batch.last;
      if (batch.size < EXISTING_MAIL_BATCH) break;
    }
    await this.notifyDone(userId, filter.id, filter.name, outcome);
    return outcome;
  }

  private async notifyDone(
    userId: number,
    filterId: number,
    filterName: string,
    outcome: ExistingMailOutcome,
  ) {
    await this.app.database.transaction((tx) =>
      notifyExistingMailFiltered(this.notifications, tx, userId, { filterId, filterName, ...outcome }),
    );
  }
}
