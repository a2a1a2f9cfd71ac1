import type { FastifyInstance } from 'fastify';
import type { Language } from '@postline/shared/errors';
import type { FilterApplyResult } from '@postline/shared/filter-answers';
import type { FilterCondition, FilterTestRequest, FilterTestResult } from '@postline/shared/filters';
import type { Queryable } from '../../db/client.js';
import { localizedText } from '../../lib/i18n.js';
import { describeAction } from './engine/describe.js';
import { summarizePlan } from './engine/disposition.js';
import { evaluateFilter, planFilters, toFilterTestResult, type PlannedAction } from './engine/evaluate.js';
import { prepareMessage, sampleToFilterableMessage, type FilterableMessage } from './engine/message.js';
import { applyDispositionToStored } from './disposition-store.js';
import { filterNotFound } from './errors.js';
import { filterableFromStored } from './message-source.js';
import { findFilterRecord, listActiveFilterRecords, recordExecutions } from './repository.js';
import { listFolders } from '../folders/index.js';
import { getOwnedMessage, lockOwnedMessage } from '../messages/index.js';

/** Actions that send mail: they run for arriving mail only, never for mail already here. */
const SENDING_ACTIONS = new Set(['FORWARD', 'AUTO_REPLY']);

async function folderNamer(db: Queryable, userId: number) {
  const names = new Map((await listFolders(db, userId)).map((m) => [String(m.id), m.name]));
  return (id: string) => names.get(id) ?? null;
}

/** Testing and applying filters by hand: POST /filters/{id}/test and POST /filters/apply/{messageId}. */
export class FilterRunService {
  constructor(private readonly app: FastifyInstance) {}

  /** Runs one saved filter against a message of the user or an inline sample; nothing changes. */
  async test(
    userId: number,
    filterId: number,
    request: FilterTestRequest,
    lang: Language,
  ): Promise<FilterTestResult> {
    const db = this.app.database.db;
    const filter = await findFilterRecord(db, userId, filterId);
    if (!filter) throw filterNotFound();
    let message: FilterableMessage;
    if ('messageId' in request) {
      const row = await getOwnedMessage(db, userId, request.messageId);
      message = await filterableFromStored(db, row);
    } else {
      message = sampleToFilterableMessage(request.message);
    }
    const evaluation = evaluateFilter(filter, message, { exhaustive: true });
    return toFilterTestResult(evaluation, lang, { folderName: await folderNamer(db, userId) });
  }

  /** Runs the user's active filters on one stored message now: folder, flags and labels change. */
  async applyToMessage(userId: number, messageId: number, lang: Language): Promise<FilterApplyResult> {
    const { database } = this.app;
    const outcome = await database.transaction(async (tx) => {
      const row = await lockOwnedMessage(tx, userId, messageId);
      const started = performance.now();
      const filters = await listActiveFilterRecords(tx, userId);
      const prepared = prepareMessage(await filterableFromStored(tx, row));
      const plan = planFilters(filters, prepared);
      const kept = plan.actions.filter((a) => !SENDING_ACTIONS.has(a.actionType));
      const change = await applyDispositionToStored(tx, row, summarizePlan(kept), this.app.log);
      const matched = plan.matchedFilters.filter(
        (f): f is { filterId: number; filterName: string } => f.filterId !== null,
      );
      const share = matched.length ? (performance.now() - started) / matched.length : 0;
      await recordExecutions(
        tx,
        userId,
        matched.map((f) => ({ filterId: f.filterId, messageId, durationMs: share })),
      );
      // The conditions that held, filter by filter, for the result's matchedConditions.
      const matchedConditions: FilterCondition[] = [];
      for (const f of matched) {
        const filter = filters.find((x) => x.id === f.filterId);
        if (filter) matchedConditions.push(...evaluateFilter(filter, prepared).matchedConditions);
      }
      return { plan, kept, change, matched, matchedConditions };
    });
    const names = outcome.matched.map((f) => f.filterName);
    const result = toFilterTestResult(
      {
        matched: names.length > 0,
        reason:
          names.length > 0
            ? localizedText('filters:filtersMatched', { names: names.join(', ') })
            : localizedText('filters:noFilterMatched'),
        matchedConditions: outcome.matchedConditions,
        plannedActions: outcome.kept,
        stopsProcessing: outcome.plan.stoppedBy !== null,
      },
      lang,
      { folderName: await folderNamer(database.db, userId) },
    );
    const skipped = outcome.plan.actions.filter((a: PlannedAction) => SENDING_ACTIONS.has(a.actionType));
    return {
      ...result,
      matchedFilters: outcome.matched.map((f) => ({ id: f.filterId, name: f.filterName })),
      skippedActions: skipped.map((a) => ({
        actionType: a.actionType,
        actionValue: a.actionValue,
        description: describeAction(a, lang),
      })),
      change: outcome.change,
    };
  }
}
