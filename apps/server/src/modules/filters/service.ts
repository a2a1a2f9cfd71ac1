import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode, Language } from '@postline/shared/errors';
import {
  FILTER_NAME_MAX,
  type FilterDto,
  type FilterPriorityUpdate,
  type FilterRequest,
} from '@postline/shared/filters';
import type { Queryable, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { FilterFieldError, filterNotFound } from './errors.js';
import type { ExistingMailJobs } from './existing-mail.js';
import { assertOwnFolders } from './folders.js';
import { listFolders } from '../folders/index.js';
import { presentFilter } from './presenter.js';
import * as repo from './repository.js';
import { copyName } from './copy-name.js';
import { queryRows } from '../../db/rows.js';

/** A failure the user cannot fix by changing the request becomes the area's own code. */
async function failingAs<T>(app: FastifyInstance, code: ErrorCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError || error instanceof FilterFieldError) throw error;
    app.log.error({ err: error }, `filters: ${code}`);
    throw new AppError(500, code);
  }
}

async function nextPriority(db: Queryable, userId: number): Promise<number> {
  const [row] = await queryRows<{ p: number }>(
    db,
    sql`SELECT coalesce(max(priority), 0)::int AS p FROM filters WHERE user_id = ${userId}`,
  );
  return Number(row?.p ?? 0) + 1;
}

/**
 * The moved filters take the places their newPriority names (1-based positions in the current
 * order); the rest keep their order around them. A drop on another row sends the dragged filter's
 * newPriority as the target's priority, which is exactly that target's place.
 */
export function reorderIds(
  current: readonly number[],
  updates: readonly FilterPriorityUpdate[number][],
): number[] {
  const moved = new Map<number, number>();
  for (const u of updates) moved.set(u.filterId, u.newPriority);
  const rest = current.filter((id) => !moved.has(id));
  const placed = [...moved].sort((a, b) => a[1] - b[1] || current.indexOf(a[0]) - current.indexOf(b[0]));
  for (const [id, priority] of placed) rest.splice(Math.min(Math.max(priority - 1, 0), rest.length), 0, id);
  return rest;
}

/** CRUD, order and status of a user's filters (SPEC §7 Filters); every query is scoped by user. */
export class FilterService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly jobs: ExistingMailJobs,
  ) {}

  private get database() {
    return this.app.database;
  }

  async list(userId: number): Promise<FilterDto[]> {
    return (await repo.listFilterRecords(this.database.db, userId)).map(presentFilter);
  }

  async get(userId: number, id: number, db: Queryable = this.database.db): Promise<FilterDto> {
    const record = await repo.findFilterRecord(db, userId, id);
    if (!record) throw filterNotFound();
    return presentFilter(record);
  }

  private maybeApplyToExisting(userId: number, filter: FilterDto): void {
    if (filter.applyToExisting && filter.isActive) void this.jobs.start(userId, filter.id);
  }

  async create(userId: number, request: FilterRequest): Promise<FilterDto> {
    const created = await failingAs(this.app, 'FILTER_CREATION_FAILED', () =>
      this.database.transaction(async (tx) => {
        assertOwnFolders(await listFolders(tx, userId), [request], () => '');
        const id = await repo.insertFilter(tx, userId, request, await nextPriority(tx, userId));
        return this.get(userId, id, tx);
      }),
    );
    this.maybeApplyToExisting(userId, created);
    return created;
  }

  async update(userId: number, id: number, request: FilterRequest): Promise<FilterDto> {
    const updated = await failingAs(this.app, 'FILTER_UPDATE_FAILED', () =>
      this.database.transaction(async (tx) => {
        if (!(await repo.findFilterRecord(tx, userId, id))) throw filterNotFound();
        assertOwnFolders(await listFolders(tx, userId), [request], () => '');
        await repo.replaceFilter(tx, userId, id, request);
        if (request.priority !== undefined) {
          const order = await repo.lockOrderedIds(tx, userId);
          await repo.writePriorities(
            tx,
            userId,
            reorderIds(order, [{ filterId: id, newPriority: request.priority }]),
          );
        }
        return this.get(userId, id, tx);
      }),
    );
    this.maybeApplyToExisting(userId, updated);
    return updated;
  }

  async remove(userId: number, id: number): Promise<void> {
    await failingAs(this.app, 'FILTER_DELETE_FAILED', () =>
      this.database.transaction(async (tx) => {
        if (!(await repo.deleteFilterRow(tx, userId, id))) throw filterNotFound();
        await repo.writePriorities(tx, userId, await repo.lockOrderedIds(tx, userId));
      }),
    );
  }

  private async assertAllOwned(tx: Tx, userId: number, ids: readonly number[]): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await repo.countOwned(tx, userId, unique)) !== unique.length) throw filterNotFound();
  }

  /** PUT /filters/priority: all ids must be the user's; priorities come out as 1..n. */
  async reorder(userId: number, updates: FilterPriorityUpdate): Promise<FilterDto[]> {
    await failingAs(this.app, 'FILTER_UPDATE_FAILED', () =>
      this.database.transaction(async (tx) => {
        await this.assertAllOwned(
          tx,
          userId,
          updates.map((u) => u.filterId),
        );
        const order = await repo.lockOrderedIds(tx, userId);
        await repo.writePriorities(tx, userId, reorderIds(order, updates));
      }),
    );
    return this.list(userId);
  }

  /** PUT /filters/status: several at once; answers the changed filters. */
  async setStatus(userId: number, ids: readonly number[], isActive: boolean): Promise<FilterDto[]> {
    await failingAs(this.app, 'FILTER_UPDATE_FAILED', () =>
      this.database.transaction(async (tx) => {
        await this.assertAllOwned(tx, userId, ids);
        await repo.setActive(tx, userId, [...new Set(ids)], isActive);
      }),
    );
    return (await repo.findFilterRecords(this.database.db, userId, [...new Set(ids)])).map(presentFilter);
  }

  /** POST /filters/{id}/copy: 'X (copy)' unless a name is given; the copy goes last. */
  async copy(userId: number, id: number, name: string | undefined, lang: Language): Promise<FilterDto> {
    return failingAs(this.app, 'FILTER_CREATION_FAILED', () =>
      this.database.transaction(async (tx) => {
        const source = await repo.findFilterRecord(tx, userId, id);
        if (!source) throw filterNotFound();
        const request: FilterRequest = {
          name: name ?? copyName(source.name, lang, FILTER_NAME_MAX),
          ...(source.description ? { description: source.description } : {}),
          isActive: source.isActive,
          // The copy matches the same mail as the original, which has already been sorted.
          applyToExisting: false,
          conditions: source.conditions.map(({ id: _id, ...c }) => c),
          actions: source.actions.map(({ id: _id, ...a }) => a),
        };
        const copyId = await repo.insertFilter(tx, userId, request, await nextPriority(tx, userId));
        return this.get(userId, copyId, tx);
      }),
    );
  }

  /** Saves imported filters in file order after the user's last one; answers them. */
  async saveImported(tx: Tx, userId: number, requests: readonly FilterRequest[]): Promise<FilterDto[]> {
    let priority = await nextPriority(tx, userId);
    const ids: number[] = [];
    for (const request of requests) ids.push(await repo.insertFilter(tx, userId, request, priority++));
    const records = await repo.findFilterRecords(tx, userId, ids);
    return records.map(presentFilter);
  }
}
