import type { ConversationListItem } from '@postline/shared/conversations';
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

/** A row of the conversation view (issue 36) carries its conversation; a message row does not. */
export function conversationOf(row: MessageListItem): ConversationListItem | null {
  return 'conversationId' in row ? (row as ConversationListItem) : null;
}

/** The most names a conversation row shows: the first writer and the latest ones. */
const NAMES_SHOWN = 3;

/**
 * A conversation's writers as its row names them (issue 36): "김민지, 나 (3)". Each once, in the
 * order they first wrote, the user as `me`; with more than three, the first and the last two; the
 * count of messages after them when there is more than one.
 */
export function rowParticipants(
  conversation: Pick<ConversationListItem, 'participants' | 'messageCount'>,
  texts: { me: string; unknownSender: string },
): string {
  const names = conversation.participants.map((p) =>
    p.isMe ? texts.me : p.name?.trim() || p.address.split('@')[0] || p.address,
  );
  const shown = names.length > NAMES_SHOWN ? [names[0]!, '…', ...names.slice(-(NAMES_SHOWN - 1))] : names;
  const label = shown.length > 0 ? shown.join(', ') : texts.unknownSender;
  return conversation.messageCount > 1 ? `${label} (${conversation.messageCount})` : label;
}
