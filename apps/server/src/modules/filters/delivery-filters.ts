import type { MailLogger } from '../../lib/mail-logger.js';
import { byLanguage } from '../../lib/i18n.js';
import type { DeliveryFilters, FilterVerdict } from '../../mail/pipeline/ports.js';
import { type NotificationService, notifyFilterExecuted } from '../notifications/index.js';
import { ActiveFilterCache } from './active-filter-cache.js';
import { describeAction } from './engine/describe.js';
import { summarizePlan } from './engine/disposition.js';
import { planFilters, type FilterPlan } from './engine/evaluate.js';
import { resolveDestination, type ResolvedFolder } from './disposition-store.js';
import { senderCheckOf } from './engine/message.js';
import { filterableFromIncoming } from './message-source.js';
import { sendFilterAutoReply, sendFilterForward } from './outgoing.js';
import { recordExecutions } from './repository.js';
import { filterRevisionOf } from './revision.js';

/** What record needs of a verdict besides what the pipeline acts on. */
interface VerdictDetails {
  /** For the statistics and the FILTER_EXECUTED notification. */
  plan: FilterPlan;
  folder: ResolvedFolder | null;
  durationMs: number;
}

/**
 * Filters in the delivery transaction (DESIGN.md "Data and mail flow"). Built once per app: the
 * cache of active filters lives as long as it. The executions and the notification are written in
 * the same transaction as the message, so they appear exactly when it does.
 */
export function createDeliveryFilters(notifications: NotificationService, log: MailLogger): DeliveryFilters {
  const cache = new ActiveFilterCache();
  // Kept beside the verdicts the pipeline carries, which show only what it acts on.
  const details = new WeakMap<FilterVerdict, VerdictDetails>();
  return {
    revisionOf: filterRevisionOf,
    forward: sendFilterForward,
    autoReply: sendFilterAutoReply,

    async evaluate(tx, ctx) {
      const started = performance.now();
      const filters = await cache.load(tx, ctx.userId, { revision: ctx.filterRevision });
      if (filters.length === 0) return null;
      const plan = planFilters(filters, {
        ...filterableFromIncoming(ctx.mail),
        senderCheck: senderCheckOf(ctx.trace.authentication),
      });
      if (plan.matchedFilters.length === 0) return null;
      const d = summarizePlan(plan.actions);
      // Only finding or making the folder writes: a savepoint undoes it if it fails half way.
      const folder = await tx.transaction((savepoint) =>
        resolveDestination(savepoint, ctx.userId, d.destination, log),
      );
      const verdict: FilterVerdict = {
        mailboxId: folder?.id ?? null,
        isRead: d.read,
        isStarred: d.starred,
        labels: [...new Set(d.labels)],
        forwardTo: d.forwardTo,
        autoReply: d.autoReply ?? null,
      };
      details.set(verdict, { plan, folder, durationMs: performance.now() - started });
      return verdict;
    },

    async record(tx, ctx, message, verdict) {
      const detail = details.get(verdict);
      if (!detail) return;
      const matched = detail.plan.matchedFilters.filter(
        (f): f is { filterId: number; filterName: string } => f.filterId !== null,
      );
      if (matched.length === 0) return;
      const share = detail.durationMs / matched.length;
      try {
        // A savepoint: statistics or a notification that cannot be written must not cost the mail.
        await tx.transaction(async (savepoint) => {
          await recordExecutions(
            savepoint,
            ctx.userId,
            matched.map((f) => ({ filterId: f.filterId, messageId: message.id, durationMs: share })),
          );
          const folderName = (id: string) =>
            detail.folder && String(detail.folder.id) === id ? detail.folder.name : null;
          const actionTexts = detail.plan.actions.map((a) =>
            byLanguage((lang) => describeAction(a, lang, { folderName })),
          );
          await notifyFilterExecuted(notifications, savepoint, ctx.userId, {
            filterId: matched[0]!.filterId,
            filterName: [...new Set(matched.map((f) => f.filterName))].join(', '),
            messageId: message.id,
            subject: message.subject,
            actions: actionTexts.map((text) => text[ctx.user.language]),
            actionTexts,
          });
        });
      } catch (error) {
        log.error(
          { err: error, userId: ctx.userId, messageId: message.id },
          'filter executions not recorded',
        );
      }
    },
  };
}
