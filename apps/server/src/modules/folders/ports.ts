import type { Tx } from '../../db/client.js';

/** What a folder holds, as deleting it moves it (modules/messages implements it). */
export interface FolderContents {
  /**
   * Moves the user's mail in `folderIds` into `trashId`, in the caller's transaction; answers how
   * many messages moved and how many of them are unread, for the trash's counts.
   */
  moveToTrash(
    tx: Tx,
    userId: number,
    folderIds: readonly number[],
    trashId: number,
  ): Promise<{ total: number; unread: number }>;
}
