import type { MessageListItem } from '@postline/shared/messages';
import { senderLabel } from '@postline/shared/sender-label';

/** The sender column (SPEC §2): display name, else From, else the address, else the fallback. */
export function rowSender(
  message: Pick<MessageListItem, 'fromName' | 'from' | 'fromAddress'>,
  unknownSender: string,
): string {
  return senderLabel(message) ?? unknownSender;
}

/** In sent mail and drafts the interesting name is the recipient's. */
export function rowRecipients(message: Pick<MessageListItem, 'to' | 'toAddresses'>): string {
  const list = message.to.length > 0 ? message.to : message.toAddresses;
  return list.join(', ');
}

export function rowSubject(subject: string, noSubject: string): string {
  return subject.trim() === '' ? noSubject : subject;
}

/** One line of body: line breaks and the blanks around them become one space. */
export function collapsePreview(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
