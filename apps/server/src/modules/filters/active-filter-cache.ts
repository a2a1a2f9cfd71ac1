import type { Queryable } from '../../db/client.js';
import { activeFilterStamp, listActiveFilterRecords, type ActiveFilterStamp, type FilterRecord } from './repository.js';

interface Entry extends ActiveFilterStamp {
  records: readonly FilterRecord[];
}

/**
 * The active filters of recently seen users, for delivery. Loading 100 filters with their conditions
 * costs several milliseconds a message; the stamp query (count and highest revision of the active
 * filters, one index scan) is far cheaper. The stamp is read from the database on every delivery,
 * inside its transaction, so a change made on another node is seen at once: no invalidation
 * messages are needed. The stamp is read before the filters, so a cached set is never older than
 * its stamp says.
 */
export class ActiveFilterCache {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly maxUsers = 2000) {}

  async load(db: Queryable, userId: number): Promise<readonly FilterRecord[]> {
    const stamp = await activeFilterStamp(db, userId);
    if (stamp.count === 0) {
      this.entries.delete(userId);
      return [];
    }
    const hit = this.entries.get(userId);
    if (hit && hit.count === stamp.count && hit.revision === stamp.revision) {
      // Least recently used first: re-insert on every hit.
      this.entries.delete(userId);
      this.entries.set(userId, hit);
      return hit.records;
    }
    const records = await listActiveFilterRecords(db, userId);
    this.entries.delete(userId);
    if (this.entries.size >= this.maxUsers) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { ...stamp, records });
    return records;
  }
}
