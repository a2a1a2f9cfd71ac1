import { formatMessageSort } from '@postline/shared/message-sort';
import { hasAnyFilter, isSearchApplied, type FolderRef, type ListParams } from './list-params';

type QueryValue = string | number | boolean;

/** One call for the list: which endpoint, with which query. */
export interface ListRequest {
  url: '/messages' | '/messages/starred' | '/messages/search' | '/conversations';
  query: Record<string, QueryValue>;
}

/** Leaves out false flags and blank text: on the server an absent filter means "any". */
function compact(query: Record<string, QueryValue | undefined>): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false || value === '') continue;
    out[key] = value;
  }
  return out;
}

/**
 * The server call for a folder and the list state (DESIGN.md 2-3): paging, sort and the filters
 * run on the server. A search, or filters on the starred view, go to /messages/search; a folder
 * goes to /messages by type or, for the user's own folders, by id; with the conversation view on
 * (issue 36), to /conversations with the same query, one row per conversation. A search and the
 * starred view stay one row per message.
 */
export function listRequest(folder: FolderRef, params: ListParams, conversations = false): ListRequest {
  const paging = { page: params.page - 1, size: params.size, sort: formatMessageSort(params.sort) };
  const { filters } = params;
  if (isSearchApplied(params.search) || (folder.kind === 'starred' && hasAnyFilter(filters))) {
    const search = isSearchApplied(params.search) ? params.search.trim() : undefined;
    return {
      url: '/messages/search',
      // The list's filter menu narrows the query; on the starred view without a query, starred mail.
      query: compact({
        q: search,
        hasAttachment: filters.attachment,
        isUnread: filters.unread,
        isStarred: filters.starred || (!search && folder.kind === 'starred'),
        ...paging,
      }),
    };
  }
  if (folder.kind === 'starred') return { url: '/messages/starred', query: paging };
  return {
    url: conversations ? '/conversations' : '/messages',
    query: compact({
      ...(folder.kind === 'custom' ? { mailboxId: folder.id } : { mailboxType: folder.type }),
      // "Unread only" is isRead=false; the other two keep messages whose flag is true.
      isRead: filters.unread ? 'false' : undefined,
      isStarred: filters.starred,
      hasAttachments: filters.attachment,
      ...paging,
    }),
  };
}
