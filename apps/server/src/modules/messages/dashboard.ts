import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf } from '@postline/shared/envelope';
import { DASHBOARD_RECENT_MESSAGES, DASHBOARD_UNCOUNTED_FOLDERS } from '@postline/shared/limits';
import { DEFAULT_MESSAGE_SORT } from '@postline/shared/message-queries';
import { dashboardSummarySchema, type DashboardSummary } from '@postline/shared/messages';
import { messages } from '../../db/schema/mail.js';
import { ok } from '../../lib/envelope.js';
import { listFolders, presentFolderTree } from '../folders/index.js';
import { listFolderMessages } from './queries.js';

/** Midnight today in the server's time zone: "sent today" counts from here (DESIGN.md 4). */
function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * The dashboard's cards. Total and unread count mail outside TRASH, SPAM and DRAFTS; drafts have
 * their own card. Notifications add their count through app.dashboardCounters.
 */
export async function dashboardSummary(app: FastifyInstance, userId: number): Promise<DashboardSummary> {
  const db = app.database.db;
  const rows = await listFolders(db, userId);
  const counted = rows.filter((r) => !DASHBOARD_UNCOUNTED_FOLDERS.includes(r.type));
  const sent = rows.find((r) => r.type === 'SENT');
  const today = startOfToday();
  const [sentToday, recent, extra] = await Promise.all([
    sent
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          // Sent copies are stored with received_at = sent_at, so the folder index serves this.
          .where(
            and(
              eq(messages.mailboxId, sent.id),
              gte(messages.receivedAt, today),
              gte(messages.sentAt, today),
            ),
          )
          .then(([row]) => Number(row?.n ?? 0))
      : 0,
    listFolderMessages(db, userId, {
      mailboxType: 'INBOX',
      page: 0,
      size: DASHBOARD_RECENT_MESSAGES,
      sort: DEFAULT_MESSAGE_SORT,
    }),
    Promise.all(app.dashboardCounters.map((counter) => counter(db, userId))),
  ]);
  return {
    totalMessages: counted.reduce((sum, r) => sum + r.totalCount, 0),
    unreadMessages: counted.reduce((sum, r) => sum + r.unreadCount, 0),
    drafts: rows.find((r) => r.type === 'DRAFTS')?.totalCount ?? 0,
    sentToday,
    notificationCount: extra.reduce((sum, counts) => sum + (counts.notificationCount ?? 0), 0),
    mailboxes: presentFolderTree(rows),
    recent: recent.content,
  };
}

export default async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/summary',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts, folders and the latest inbox mail for the dashboard',
        response: { 200: envelopeOf(dashboardSummarySchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await dashboardSummary(app, request.user.id)),
  );
}
