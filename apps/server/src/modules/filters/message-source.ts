import { htmlToPlainText } from '@postline/shared/html-text';
import type { Queryable } from '../../db/client.js';
import type { AddressEntry } from '../../db/schema/mail.js';
import type { IncomingMail } from '../../mail/format/types.js';
import { senderCheckOf, type FilterableMessage } from './engine/message.js';
import { listedAttachmentNames } from '../attachments/index.js';
import type { MessageRow } from '../messages/index.js';

function addresses(entries: readonly AddressEntry[] | undefined): string[] {
  return (entries ?? []).map((e) => e.address);
}

/** Mail with only an HTML part is still searched by its text. */
function bodyOf(text: string, html: string | null | undefined): string {
  if (text.trim() !== '' || !html) return text;
  return htmlToPlainText(html);
}

/** A message arriving (SMTP or local): what the filters see of it. */
export function filterableFromIncoming(mail: IncomingMail): FilterableMessage {
  const listed = mail.attachments.filter((a) => !a.isInline);
  return {
    subject: mail.subject,
    fromAddress: mail.from.address,
    fromName: mail.from.name ?? null,
    toAddresses: addresses(mail.to),
    ccAddresses: addresses(mail.cc),
    bccAddresses: addresses(mail.bcc),
    bodyText: bodyOf(mail.text, mail.html),
    attachmentNames: listed.map((a) => a.filename),
    hasAttachments: listed.length > 0,
    importance: mail.importance,
    sizeBytes: mail.sizeBytes,
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/** A stored message (apply now, apply to existing mail, test with {messageId}). */
export async function filterableFromStored(db: Queryable, row: MessageRow): Promise<FilterableMessage> {
  const files = row.hasAttachments ? await listedAttachmentNames(db, row.userId, row.id) : [];
  return {
    subject: row.subject,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    toAddresses: addresses(row.toAddresses),
    ccAddresses: addresses(row.ccAddresses),
    bccAddresses: addresses(row.bccAddresses),
    bodyText: bodyOf(row.bodyText, row.bodyHtml),
    attachmentNames: files,
    hasAttachments: row.hasAttachments || files.length > 0,
    importance: row.importance,
    sizeBytes: row.sizeBytes,
    ...(row.rawHeaders ? { headers: row.rawHeaders } : {}),
    senderCheck: senderCheckOf(row.authentication),
  };
}
