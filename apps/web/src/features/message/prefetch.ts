import { prefetchForFirstScreen } from '@/lib/query-client';
import { messageQuery } from './api/get-message';

/** The message /message/{id} shows, asked for beside the screen's code (issue 17). */
export function prefetchMessage(idText: string | undefined): Promise<void> {
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id <= 0) return Promise.resolve();
  const options = messageQuery(id);
  return prefetchForFirstScreen(options.queryKey, (client) => client.prefetchQuery(options));
}
