import { and, eq } from 'drizzle-orm';
import type { Mailbox, SystemMailboxType } from '@postline/shared/mailbox';
import type { Database, Queryable, Tx } from '../../db/client.js';
import { mailboxes } from '../../db/schema/core.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../lib/errors.js';
import { presentFolderTree } from './presenter.js';
import {
  findFolderRow,
  findFolderRowByType,
  listFolderRows,
  siblingNameTaken,
  subtreeIds,
  type FolderRow,
} from './repository.js';
import { localizedText } from '../../lib/i18n.js';
import type { FolderContents } from './ports.js';

import { adjustCounts } from './counts.js';

export { adjustCounts, adjustManyCounts, type CountDelta } from './counts.js';

/** A system folder of the user; a missing one is a 404 with '{type} mailbox not found'. */
export async function getSystemFolder(
  tx: Queryable,
  userId: number,
  type: SystemMailboxType,
): Promise<FolderRow> {
  const row = await findFolderRowByType(tx, userId, type);
  if (!row)
    throw new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('folders:typeNotFound', { type }) });
  return row;
}

const SPECIAL_NAMES = { SPAM: 'Spam', ARCHIVE: 'Archive', SCHEDULED: 'Scheduled' } as const;

/** The Spam, Archive or Scheduled folder, made on first use (DESIGN.md 5) if it is not there. */
export async function ensureSpecialFolder(
  tx: Tx,
  userId: number,
  type: keyof typeof SPECIAL_NAMES,
): Promise<FolderRow> {
  const existing = await findFolderRowByType(tx, userId, type);
  if (existing) return existing;
  // The user may already have a folder of their own called Spam: then the new one is 'Spam (2)'.
  for (let attempt = 1; attempt <= 20; attempt++) {
    const name = attempt === 1 ? SPECIAL_NAMES[type] : `${SPECIAL_NAMES[type]} (${attempt})`;
    const [row] = await tx.insert(mailboxes).values({ userId, type, name }).onConflictDoNothing().returning();
    if (row) return row;
    const raced = await findFolderRowByType(tx, userId, type);
    if (raced) return raced;
  }
  throw new AppError(500, 'SERVER_ERROR');
}

/** A folder of this user; anyone else's (or none) is MAIL_NOT_FOUND. */
export async function getOwnedFolder(db: Queryable, userId: number, id: number): Promise<FolderRow> {
  const row = await findFolderRow(db, userId, id);
  if (!row) throw new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('folders:notFound') });
  return row;
}

export async function listFolderTree(db: Queryable, userId: number): Promise<Mailbox[]> {
  return presentFolderTree(await listFolderRows(db, userId));
}

async function assertNameFree(
  tx: Queryable,
  userId: number,
  parentId: number | null,
  name: string,
  exceptId?: number,
) {
  if (await siblingNameTaken(tx, userId, parentId, name, exceptId)) {
    throw new AppError(409, 'CONFLICT', { text: localizedText('folders:duplicateName', { name }) });
  }
}

async function withConflictText<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two requests creating the same name at once: the unique index settles it.
    if (isUniqueViolation(error))
      throw new AppError(409, 'CONFLICT', { text: localizedText('folders:duplicateName', { name }) });
    throw error;
  }
}

export async function createFolder(
  database: Database,
  userId: number,
  input: { name: string; parentId?: number | null | undefined },
): Promise<Mailbox> {
  const parentId = input.parentId ?? null;
  const row = await withConflictText(input.name, () =>
    database.transaction(async (tx) => {
      if (parentId !== null) await getOwnedFolder(tx, userId, parentId);
      await assertNameFree(tx, userId, parentId, input.name);
      const [created] = await tx
        .insert(mailboxes)
        .values({ userId, name: input.name, type: 'CUSTOM', parentId })
        .returning();
      return created!;
    }),
  );
  return presentFolderTree([row])[0]!;
}

/** Renames and/or moves a custom folder; parentId null moves it to the top, undefined leaves it. */
export async function updateFolder(
  database: Database,
  userId: number,
  id: number,
  input: { name?: string | undefined; parentId?: number | null | undefined },
): Promise<Mailbox> {
  const name = input.name;
  await withConflictText(name ?? '', () =>
    database.transaction(async (tx) => {
      const current = await getOwnedFolder(tx, userId, id);
      if (current.type !== 'CUSTOM')
        throw new AppError(400, 'VALIDATION_ERROR', { text: localizedText('folders:systemReadOnly') });
      const parentId = input.parentId === undefined ? current.parentId : input.parentId;
      if (parentId !== null && parentId !== current.parentId) {
        await getOwnedFolder(tx, userId, parentId);
        if ((await subtreeIds(tx, userId, id)).includes(parentId)) {
          throw new AppError(400, 'VALIDATION_ERROR', { text: localizedText('folders:cycle') });
        }
      }
      const nextName = name ?? current.name;
      await assertNameFree(tx, userId, parentId, nextName, id);
      await tx
        .update(mailboxes)
        .set({ name: nextName, parentId, updatedAt: new Date() })
        .where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)));
    }),
  );
  const tree = await listFolderRows(database.db, userId);
  return findInTree(presentFolderTree(tree), id)!;
}

function findInTree(list: Mailbox[], id: number): Mailbox | undefined {
  for (const folder of list) {
    if (folder.id === id) return folder;
    const nested = findInTree(folder.children, id);
    if (nested) return nested;
  }
  return undefined;
}

/** Deletes a custom folder and its sub-folders; their mail goes to TRASH first, counted there. */
export async function deleteFolder(database: Database, contents: FolderContents, userId: number, id: number) {
  await database.transaction(async (tx) => {
    const current = await getOwnedFolder(tx, userId, id);
    if (current.type !== 'CUSTOM')
      throw new AppError(400, 'VALIDATION_ERROR', { text: localizedText('folders:systemReadOnly') });
    const ids = await subtreeIds(tx, userId, id);
    const trash = await getSystemFolder(tx, userId, 'TRASH');
    const moved = await contents.moveToTrash(tx, userId, ids, trash.id);
    await adjustCounts(tx, trash.id, moved);
    // Sub-folders go with it through parent_id's ON DELETE CASCADE.
    await tx.delete(mailboxes).where(and(eq(mailboxes.id, id), eq(mailboxes.userId, userId)));
  });
}
