import { sql } from 'drizzle-orm';
import type { DeliveryFolders } from '../../mail/pipeline/ports.js';
import { adjustManyCounts } from './counts.js';
import { systemFolderIdOf } from './repository.js';
import { ensureSpecialFolder, getSystemFolder } from './service.js';
import { queryRows } from '../../db/rows.js';

/** The folders as delivery files mail into them (mail/pipeline: recipients, evaluate-filters, update-counts). */
export const deliveryFolders: DeliveryFolders = {
  inboxIdOf: (userId) => systemFolderIdOf(userId, 'INBOX'),
  inbox: async (tx, userId) => (await getSystemFolder(tx, userId, 'INBOX')).id,
  spam: async (tx, userId) => (await ensureSpecialFolder(tx, userId, 'SPAM')).id,
  async owns(tx, userId, folderId) {
    const found = await queryRows(
      tx,
      sql`SELECT 1 FROM mailboxes WHERE id = ${folderId} AND user_id = ${userId}`,
    );
    return found.length > 0;
  },
  adjustCounts: adjustManyCounts,
};
