import { prefetchForFirstScreen } from '@/lib/query-client';
import { isMessageId, messageQuery } from '@/features/mail/queries';

/** The message /message/{id} shows, asked for beside the screen's code (issue 17). */
export function prefetchMessage(idText: string | undefined): Promise<void> {
  const id = Number(idText);
  if (!isMessageId(id)) return Promise.resolve();
  return prefetchForFirstScreen(messageQuery(id));
}
