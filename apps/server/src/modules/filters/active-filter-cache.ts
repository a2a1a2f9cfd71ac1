import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/client.js';
import { listActiveFilterRecords, type FilterRecord } from './repository.js';
import { filterRevision } from './revision.js';

interface Entry {
  revision: string;
  records: readonly FilterRecord[];
}

/**
 * The active filters of recently seen users, for delivery. Loading 100 filters with their conditions
 * costs several milliseconds a message; reading the user's filter revision is one primary-key
 * lookup. The revision is read from the database on every delivery, inside its transaction, so a
 * change committed on another node is seen at once and no invalidation messages are needed. It is
 * read before the filters, so a cached set is never older than the revision it is stored under.
 */
export class ActiveFilterCache {
  private readonly entries: LRUCache<number, Entry>;

  constructor(maxUsers = 2000) {
    this.entries = new LRUCache<number, Entry>({ max: maxUsers });
  }

  /**
   * `revision` is the one the caller read in this transaction (delivery reads it with the user);
   * without it, it is read here.
   */
  async load(
    db: Queryable,
    userId: number,
    known?: { revision: string | null },
  ): Promise<readonly FilterRecord[]> {
    const revision = known ? known.revision : await filterRevision(db, userId);
    if (revision === null) return [];
    const hit = this.entries.get(userId);
    if (hit && hit.revision === revision) return hit.records;
    const records = await listActiveFilterRecords(db, userId);
    this.entries.set(userId, { revision, records });
    return records;
  }
}
