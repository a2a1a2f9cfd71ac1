import type { FilterRequest } from '@postline/shared/filters';
import type { Tx } from '../../db/client.js';
import { type FolderRow, ensureSpecialFolder, getSystemFolder } from '../folders/index.js';
import type { FieldProblem } from './errors.js';
import { folderByName, isFilterTarget } from './folders.js';

/*
 * A JSON export names each MOVE_TO_FOLDER folder beside its id ({folder: {name, type}}), because the
 * id means nothing on another account. On import the id is kept only when it is the importer's
 * folder of that name; otherwise the folder is found by type (system folders) or name, or made.
 */

export interface FolderHint {
  name: string;
  type: FolderRow['type'];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const FOLDER_TYPES = new Set(['INBOX', 'SENT', 'DRAFTS', 'TRASH', 'SPAM', 'ARCHIVE', 'CUSTOM']);

function rawFilters(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (isRecord(body) && Array.isArray(body.filters)) return body.filters;
  if (isRecord(body) && typeof body.name === 'string') return [body];
  return [];
}

/** For each filter of the file, in order: MOVE_TO_FOLDER value -> the folder it named. */
export function readFolderHints(body: unknown): Array<Map<string, FolderHint>> {
  return rawFilters(body).map((filter) => {
    const hints = new Map<string, FolderHint>();
    const actions = isRecord(filter) && Array.isArray(filter.actions) ? filter.actions : [];
    for (const action of actions) {
      if (!isRecord(action) || !isRecord(action.folder)) continue;
      const { name, type } = action.folder;
      const value = action.actionValue ?? action.value;
      if (typeof name !== 'string' || !name.trim() || typeof type !== 'string' || !FOLDER_TYPES.has(type))
        continue;
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      hints.set(String(value).trim(), { name: name.trim(), type: type as FolderHint['type'] });
    }
    return hints;
  });
}

function sameFolder(row: FolderRow, hint: FolderHint): boolean {
  return (
    row.type === hint.type && (hint.type !== 'CUSTOM' || row.name.toLowerCase() === hint.name.toLowerCase())
  );
}

export interface HintedFolders {
  filters: FilterRequest[];
  problems: FieldProblem[];
  /** Custom folder names to make; the filters carry the name as the value until then. */
  missingFolders: string[];
}

export async function resolveHintedFolders(
  tx: Tx,
  userId: number,
  folders: readonly FolderRow[],
  filters: readonly FilterRequest[],
  hints: ReadonlyArray<ReadonlyMap<string, FolderHint>>,
): Promise<HintedFolders> {
  const problems: FieldProblem[] = [];
  const missing = new Set<string>();
  const out: FilterRequest[] = [];
  for (const [i, filter] of filters.entries()) {
    const actions: FilterRequest['actions'] = [];
    for (const [j, action] of filter.actions.entries()) {
      if (action.actionType !== 'MOVE_TO_FOLDER') {
        actions.push(action);
        continue;
      }
      const value = action.actionValue ?? '';
      const hint = hints[i]?.get(value);
      const own = folders.find((m) => String(m.id) === value && isFilterTarget(m));
      if (own && (!hint || sameFolder(own, hint))) {
        actions.push(action);
        continue;
      }
      if (!hint || hint.type === 'DRAFTS' || hint.type === 'SCHEDULED') {
        problems.push({ field: `filters.${i}.actions.${j}.actionValue`, key: 'folderNotOwned' });
        actions.push(action);
        continue;
      }
      let target: string;
      if (hint.type === 'SPAM' || hint.type === 'ARCHIVE')
        target = String((await ensureSpecialFolder(tx, userId, hint.type)).id);
      else if (hint.type !== 'CUSTOM') target = String((await getSystemFolder(tx, userId, hint.type)).id);
      else {
        const byName = folderByName(folders, hint.name);
        target = byName ? String(byName.id) : hint.name;
        if (!byName) missing.add(hint.name);
      }
      actions.push({ ...action, actionValue: target });
    }
    out.push({ ...filter, actions });
  }
  return { filters: out, problems, missingFolders: [...missing] };
}
