import type { Attachment } from '@postline/shared/attachments';
import type { Message, MessageListItem } from '@postline/shared/messages';
import type { AddressEntry } from '../../db/schema/mail.js';
import type { MessageDetailRow, MessageListRow } from './repository.js';

const addressesOf = (entries: AddressEntry[] | null | undefined): string[] =>
  (entries ?? []).map((e) => e.address);

/** The From header as written: "Name <address>" or the bare address. */
export function formatFrom(fromName: string | null, fromAddress: string): string {
  const name = fromName?.trim();
  return name ? `${name} <${fromAddress}>` : fromAddress;
}

export function splitReferences(header: string | null): string[] {
  return header ? header.split(/\s+/).filter(Boolean) : [];
}

export function presentListItem(row: MessageListRow): MessageListItem {
  const to = addressesOf(row.toAddresses);
  const cc = addressesOf(row.ccAddresses);
  return {
    id: row.id,
    subject: row.subject,
    from: formatFrom(row.fromName, row.fromAddress),
    fromName: row.fromName,
    fromAddress: row.fromAddress,
    toAddresses: to,
    to,
    ccAddresses: cc,
    cc,
    hasAttachments: row.hasAttachments,
    attachmentCount: row.attachmentCount,
    isRead: row.isRead,
    isStarred: row.isStarred,
    isDraft: row.isDraft,
    receivedAt: row.receivedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    mailboxId: row.mailboxId,
    mailboxType: row.mailboxType,
    size: row.sizeBytes,
    sizeBytes: row.sizeBytes,
    labels: row.labels,
    priority: row.priority,
    importance: row.importance,
    threadId: row.threadId,
    preview: row.preview,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The full message. Bcc is stored only on the sender's own copies (and, for a Bcc recipient,
 * their own address), so it is shown as stored.
 */
export function presentMessage(row: MessageDetailRow, attachments: Attachment[]): Message {
  return {
    ...presentListItem(row),
    bccAddresses: addressesOf(row.bccAddresses),
    replyTo: row.replyTo,
    bodyText: row.bodyText,
    body: row.bodyText,
    bodyHtml: row.bodyHtml,
    bodyClipped: row.bodyClipped,
    attachments,
    attachmentIds: attachments.map((a) => a.id),
    messageId: row.messageIdHeader,
    inReplyTo: row.inReplyTo,
    references: splitReferences(row.referencesHeader),
    invitation: row.invitation ?? null,
    authentication: row.authentication ?? null,
  };
}
