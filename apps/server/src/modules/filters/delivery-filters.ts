import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { MailLogger } from '../../lib/mail-logger.js';
import { byLanguage } from '../../lib/i18n.js';
import type { DeliveredMessage, DeliveryContext } from '../../mail/format/types.js';
import { type NotificationService, notifyFilterExecuted } from '../notifications/index.js';
import { ActiveFilterCache } from './active-filter-cache.js';
import { describeAction } from './engine/describe.js';
import { summarizePlan, type AutoReply } from './engine/disposition.js';
import { planFilters, type FilterPlan } from './engine/evaluate.js';
import { resolveDestination, type ResolvedFolder } from './disposition-store.js';
import { senderCheckOf } from './engine/message.js';
import { filterableFromIncoming } from './message-source.js';
import { sendFilterAutoReply, sendFilterForward, type FilterMailerDeps } from './outgoing.js';
import { recordExecutions } from './repository.js';
import { filterRevisionOf } from './revision.js';

/** What the recipient's filters decided for one arriving message; null fields leave the default. */
export interface FilterVerdict {
  mailboxId: number | null;
  isRead: boolean | null;
  isStarred: boolean | null;
  labels: string[];
  /** Sent after the commit, through dispatch (mail/delivery/after-commit.ts). */
  forwardTo: string[];
  autoReply: AutoReply | null;
  /** For the statistics and the FILTER_EXECUTED notification. */
  plan: FilterPlan;
  folder: ResolvedFolder | null;
  durationMs: number;
}

/** The filters as delivery calls them (mail/delivery/evaluate-filters.ts and notify.ts). */
export interface DeliveryFilters {
  /**
   * Runs the user's active filters in priority order; null when none matched. It writes only when
   * a filter matched (the folder it files into), and that in a savepoint of its own.
   */
  evaluate(tx: Tx, ctx: DeliveryContext): Promise<FilterVerdict | null>;
  /** Records the executions and writes FILTER_EXECUTED, in the delivery transaction. */
  record(tx: Tx, ctx: DeliveryContext, message: DeliveredMessage, verdict: FilterVerdict): Promise<void>;
  /**
   * The user's filter revision as a column of the recipient's select (mail/delivery/recipients.ts):
   * evaluate's cache check then costs no query of its own.
   */
  revisionOf(userId: SQL | AnyColumn): SQL<string | null>;
  /** The verdict's forwards and auto reply, after the commit (mail/delivery/after-commit.ts). */
  forward(deps: FilterMailerDeps, sender: FilterSender, to: string): Promise<void>;
  /** Answers whether a reply went out (at most one a day per sender). */
  autoReply(deps: FilterMailerDeps, sender: FilterSender, reply: AutoReply): Promise<boolean>;
}

type FilterSender = Pick<DeliveryContext, 'user' | 'mail'>;

/**
 * Filters in the delivery transaction (DESIGN.md "Data and mail flow"). Built once per app: the
 * cache of active filters lives as long as it. The executions and the notification are written in
 * the same transaction as the message, so they appear exactly when it does.
 */
export function createDeliveryFilters(notifications: NotificationService, log: MailLogger): DeliveryFilters {
  const cache = new ActiveFilterCache();
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
      return {
        mailboxId: folder?.id ?? null,
        isRead: d.read,
        isStarred: d.starred,
        labels: [...new Set(d.labels)],
        forwardTo: d.forwardTo,
        autoReply: d.autoReply ?? null,
        plan,
        folder,
        durationMs: performance.now() - started,
      };
    },

    async record(tx, ctx, message, verdict) {
      const matched = verdict.plan.matchedFilters.filter(
        (f): f is { filterId: number; filterName: string } => f.filterId !== null,
      );
      if (matched.length === 0) return;
      const share = verdict.durationMs / matched.length;
      try {
        // A savepoint: statistics or a notification that cannot be written must not cost the mail.
        await tx.transaction(async (savepoint) => {
          await recordExecutions(
            savepoint,
            ctx.userId,
            matched.map((f) => ({ filterId: f.filterId, messageId: message.id, durationMs: share })),
          );
          const folderName = (id: string) =>
            verdict.folder && String(verdict.folder.id) === id ? verdict.folder.name : null;
          const actionTexts = verdict.plan.actions.map((a) =>
            byLanguage((lang) => describeAction(a, lang, { mailboxName: folderName })),
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
