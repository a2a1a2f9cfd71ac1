import type { MessageListItem } from './messages.js';

/** How the mailbox list names the sender (SPEC §2): display name, from, address, else null. */
export function senderLabel(
  message: Pick<MessageListItem, 'fromName' | 'from' | 'fromAddress'>,
): string | null {
  for (const candidate of [message.fromName, message.from, message.fromAddress]) {
    if (candidate && candidate.trim() !== '') return candidate.trim();
  }
  return null;
}
