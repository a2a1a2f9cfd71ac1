import { prefetchForFirstScreen } from '@/lib/query-client';
import { rememberedConversationView } from './conversation-view';
import { listRequest } from './list-request';
import { parseFolder, parseListParams, rememberedPageSize } from './list-params';
import { messageListQuery } from './queries';

/** The page of /mailbox/{folder}?… a visit opens on, asked for beside the code (issue 17). */
export function prefetchMessageList(folderSlug: string | undefined, search: string): Promise<void> {
  const folder = parseFolder(folderSlug);
  if (!folder) return Promise.resolve();
  const params = parseListParams(new URLSearchParams(search), rememberedPageSize());
  const request = listRequest(folder, params, rememberedConversationView());
  return prefetchForFirstScreen(messageListQuery(request));
}
