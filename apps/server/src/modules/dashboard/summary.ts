import { and, eq, gte, sql } from 'drizzle-orm';
import { DASHBOARD_RECENT_MESSAGES, DASHBOARD_UNCOUNTED_FOLDERS } from '@postline/shared/limits';
import { DEFAULT_MESSAGE_SORT } from '@postline/shared/message-queries';
import type { DashboardSummary } from '@postline/shared/messages';
import type { Queryable } from '../../db/client.js';
import { messages } from '../../db/schema/mail.js';
import { listFolders, presentFolderTree } from '../folders/index.js';
import { listFolderMessages } from '../messages/index.js';
import { countUnreadNotifications } from '../notifications/index.js';

/** Midnight today in the server's time zone: "sent today" counts from here (DESIGN.md 4). */
function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * The dashboard's cards. Total and unread count mail outside TRASH, SPAM and DRAFTS; drafts have
 * their own card; the notifications' is their unread count.
 */
export async function dashboardSummary(db: Queryable, userId: number): Promise<DashboardSummary> {
  const rows = await listFolders(db, userId);
  const counted = rows.filter((r) => !DASHBOARD_UNCOUNTED_FOLDERS.includes(r.type));
  const sent = rows.find((r) => r.type === 'SENT');
  const today = startOfToday();
  const [sentToday, recent, notificationCount] = await Promise.all([
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
    countUnreadNotifications(db, userId),
  ]);
  return {
    totalMessages: counted.reduce((sum, r) => sum + r.totalCount, 0),
    unreadMessages: counted.reduce((sum, r) => sum + r.unreadCount, 0),
    drafts: rows.find((r) => r.type === 'DRAFTS')?.totalCount ?? 0,
    sentToday,
    notificationCount,
    mailboxes: presentFolderTree(rows),
    recent: recent.content,
  };
}
