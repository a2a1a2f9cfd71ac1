import { MAILBOX_NAME_MAX } from '@postline/shared/limits';
import type { FilterRequest } from '@postline/shared/filters';
import type { Tx } from '../../db/client.js';
import { type FolderRow, insertTopFolder, listFolders } from '../folders/index.js';
import { FilterFieldError, type FieldProblem } from './errors.js';

/** Folders a filter may move mail into: all of the user's own except Drafts and Scheduled. */
export function isFilterTarget(row: Pick<FolderRow, 'type'>): boolean {
  return row.type !== 'DRAFTS' && row.type !== 'SCHEDULED';
}

/** 400 naming every MOVE_TO_FOLDER whose value is not one of the user's folders. */
export function assertOwnFolders(
  folders: readonly FolderRow[],
  requests: readonly FilterRequest[],
  prefix: (i: number) => string,
): void {
  const owned = new Set(folders.filter(isFilterTarget).map((m) => String(m.id)));
  const problems: FieldProblem[] = [];
  requests.forEach((request, i) =>
    request.actions.forEach((a, j) => {
      if (a.actionType === 'MOVE_TO_FOLDER' && !owned.has(a.actionValue ?? '')) {
        problems.push({ field: `${prefix(i)}actions.${j}.actionValue`, key: 'folderNotOwned' });
      }
    }),
  );
  if (problems.length > 0) throw new FilterFieldError(problems);
}

/** A folder by name, as Sieve and the export file name them: case-insensitive, top-level first. */
export function folderByName(folders: readonly FolderRow[], name: string): FolderRow | undefined {
  const wanted = name.trim().toLowerCase();
  if (wanted === 'inbox') return folders.find((m) => m.type === 'INBOX');
  const candidates = folders.filter((m) => isFilterTarget(m) && m.name.toLowerCase() === wanted);
  return candidates.find((m) => m.parentId === null) ?? candidates[0];
}

/**
 * Makes the named custom folders an import needs (top level) and answers name -> id, in the import's
 * transaction. A name already taken (case-insensitively) maps to that folder.
 */
export async function createMissingFolders(
  tx: Tx,
  userId: number,
  names: readonly string[],
): Promise<{ ids: Map<string, number>; created: string[] }> {
  const ids = new Map<string, number>();
  const created: string[] = [];
  let folders = await listFolders(tx, userId);
  for (const original of names) {
    const name = original.trim().slice(0, MAILBOX_NAME_MAX) || 'Imported';
    const existing = folderByName(folders, name);
    if (existing) {
      ids.set(original, existing.id);
      continue;
    }
    const row = await insertTopFolder(tx, userId, name);
    ids.set(original, row.id);
    created.push(name);
    folders = [...folders, row];
  }
  return { ids, created };
}

/** Replaces MOVE_TO_FOLDER values that are folder names with the ids they now have. */
export function withFolderIds(request: FilterRequest, ids: ReadonlyMap<string, number>): FilterRequest {
  return {
    ...request,
    actions: request.actions.map((a) =>
      a.actionType === 'MOVE_TO_FOLDER' && a.actionValue !== null && ids.has(a.actionValue)
        ? { ...a, actionValue: String(ids.get(a.actionValue)) }
        : a,
    ),
  };
}
