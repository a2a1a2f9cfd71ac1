import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mailbox } from '@postline/shared/mailbox';
import type { BulkScope } from '@postline/shared/message-requests';
import type { MessagePage } from '@postline/shared/messages';
import { flattenFolders, isMoveTarget, type FlatFolder } from '@/features/mail/folders';
import { isSearchApplied, type FolderRef, type ListParams } from '../list-params';
import type { ListRequest } from '../list-request';
import { useBulkActions } from '../queries';
import { conversationOf } from '../row-text';
import { useSelection } from './use-selection';

interface BulkSelectionInput {
  folder: FolderRef;
  /** The folder of the tree the list shows; none for starred, or while the tree loads. */
  shown: Mailbox | undefined;
  folders: readonly Mailbox[];
  params: ListParams;
  request: ListRequest;
  /** The page shown, null while none is. */
  page: MessagePage | null;
  /** After every bulk action, whether or not it worked. */
  onDone: () => void;
}

/** The bulk scope of what the list shows, when a scope can say it (a search cannot). */
function folderScope(
  folder: FolderRef,
  folderId: number | undefined,
  filters: ListParams['filters'],
  searching: boolean,
): BulkScope | null {
  if (searching) return null;
  const narrowing: BulkScope = {
    ...(filters.unread ? { isRead: false } : {}),
    ...(filters.starred ? { isStarred: true } : {}),
    ...(filters.attachment ? { hasAttachments: true } : {}),
  };
  if (folder.kind === 'starred') return { starred: true, ...narrowing };
  return folderId === undefined ? null : { mailboxId: folderId, ...narrowing };
}

/**
 * The ticked rows and what the bulk bar does with them: the page's selection, "select all N in
 * this folder" (the whole folder with the list's filters, not just the page), the folders the
 * selection may move to, and the actions themselves.
 */
export function useBulkSelection(input: BulkSelectionInput) {
  const { folder, shown, folders, params, request, page, onDone } = input;
  const { t } = useTranslation('mailList');
  const requestKey = JSON.stringify(request);
  const selection = useSelection(page?.content.map((row) => row.id) ?? [], requestKey);
  const total = page?.totalElements ?? 0;
  const { clear } = selection;
  const [allInFolder, setAllInFolder] = useState(false);
  useEffect(() => setAllInFolder(false), [requestKey]);
  useEffect(() => {
    if (!selection.allSelected) setAllInFolder(false);
  }, [selection.allSelected]);
  const scope = folderScope(folder, shown?.id, params.filters, isSearchApplied(params.search));
  const afterBulk = useCallback(() => {
    clear();
    setAllInFolder(false);
    onDone();
  }, [clear, onDone]);
  // In the conversation view a ticked row stands for its conversation's messages in the folder.
  const conversations = useMemo(() => {
    const chosen = new Set(selection.ids);
    const rows = (page?.content ?? []).filter((row) => chosen.has(row.id));
    const ids = rows.flatMap((row) => conversationOf(row)?.conversationId ?? []);
    const mailboxId = rows[0]?.mailboxId;
    return ids.length > 0 && ids.length === rows.length && mailboxId !== undefined
      ? { ids, mailboxId }
      : undefined;
  }, [page, selection.ids]);
  const bulkTarget = useMemo(
    () => (allInFolder && scope ? { scope, count: total } : { ids: selection.ids, conversations }),
    // scope is rebuilt each render from what requestKey stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [allInFolder, requestKey, total, selection.ids, conversations],
  );
  const bulk = useBulkActions(bulkTarget, afterBulk);

  const folderName = useCallback(
    ({ folder: box }: FlatFolder) =>
      box.type === 'CUSTOM' ? box.name : t(`folders.${box.type.toLowerCase()}`),
    [t],
  );
  // Drafts and Sent hold what the user writes: received mail never goes there (issue 34).
  const moveTargets = flattenFolders(folders).filter(
    ({ folder: box }) => isMoveTarget(box) && box.id !== shown?.id,
  );

  return {
    selection,
    scope,
    allInFolder,
    selectAllInFolder: () => setAllInFolder(true),
    clearAll: () => {
      setAllInFolder(false);
      clear();
    },
    bulk,
    moveTargets,
    folderName,
    moveTo: (target: number) => {
      const entry = moveTargets.find((candidate) => candidate.folder.id === target);
      void bulk.move(target, entry ? folderName(entry) : '');
    },
  };
}
