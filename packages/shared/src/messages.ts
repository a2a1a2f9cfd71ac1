import { z } from 'zod';
import { attachmentSchema } from './attachments.js';
import { countResponseSchema, pageOf } from './common.js';
import { mailboxSchema, mailboxTypeSchema } from './mailbox.js';
import { messageKey } from './validation-messages.js';
import { MESSAGE_DETAIL_ONLY_FIELDS, type MessageDetailOnlyField } from './message-fields.js';

/** The Importance header values a message and a filter condition know (SPEC §9). */
export const IMPORTANCES = ['HIGH', 'NORMAL', 'LOW'] as const;
export const importanceSchema = z.enum(IMPORTANCES, { error: messageKey('invalidImportance') });
export type Importance = z.infer<typeof importanceSchema>;

/** Someone named in an invitation: the organizer, or an attendee with their answer so far. */
export const invitationPersonSchema = z.object({
  name: z.string().nullable(),
  address: z.string(),
  /** PARTSTAT: NEEDS-ACTION, ACCEPTED, DECLINED, TENTATIVE, DELEGATED; null for the organizer. */
  status: z.string().nullable(),
});

/**
 * The calendar invitation a message carries (issue 12), read from its text/calendar part. Times are
 * ISO 8601: with Z for an instant (shown in the reader's own time zone), without Z for a floating
 * time (the same wall-clock time everywhere), and a bare date (YYYY-MM-DD) for an all-day event,
 * whose end is exclusive as in iCalendar.
 */
export const invitationSchema = z.object({
  /** REQUEST (an invitation), CANCEL, REPLY, PUBLISH... as the METHOD of the calendar. */
  method: z.string(),
  title: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  allDay: z.boolean(),
  location: z.string().nullable(),
  organizer: invitationPersonSchema.nullable(),
  attendees: z.array(invitationPersonSchema),
});
/** What a sender check (SPF, DKIM, DMARC, ARC) can answer (RFC 8601). */
export const SENDER_CHECK_RESULTS = [
  'pass',
  'fail',
  'softfail',
  'neutral',
  'none',
  'temperror',
  'permerror',
  'policy',
] as const;
export type SenderCheckResult = (typeof SENDER_CHECK_RESULTS)[number];
export const senderCheckSchema = z.object({
  result: z.enum(SENDER_CHECK_RESULTS),
  /** The domain the check was about (SPF: the envelope sender's, DKIM: the signer's, DMARC: the From's). */
  domain: z.string().nullable(),
});

/** Why the message view warns about a sender (issue 15). */
export const SENDER_WARNINGS = [
  /** The From domain's DMARC check failed: someone else may have sent it. */
  'dmarcFailed',
  /** The From address is on this server's own domain, but the mail came from outside unverified. */
  'ownDomainUnverified',
  /** The display name is an address other than the real sender's ("ceo@bank.kr" <x@else.example>). */
  'displayNameAddress',
  /** The Sender header ("on behalf of") is on our own domain, but the mail came from outside unverified. */
  'ownDomainSender',
  /** The display name names another domain than the sender's ("보안팀 (postline.local)" <x@else.example>). */
  'displayNameDomain',
] as const;
export type SenderWarning = (typeof SENDER_WARNINGS)[number];

/**
 * Who really sent a message that came in over SMTP, as checked on arrival (mailauth); null for mail
 * written on this server.
 */
export const messageAuthenticationSchema = z.object({
  spf: senderCheckSchema,
  dkim: senderCheckSchema,
  dmarc: senderCheckSchema.extend({ policy: z.string().nullable() }),
  arc: z.object({ result: z.enum(SENDER_CHECK_RESULTS) }),
  /** The From domain is proven (DMARC pass): the view shows a small check. */
  verified: z.boolean(),
  warnings: z.array(z.enum(SENDER_WARNINGS)),
});
export type MessageAuthentication = z.infer<typeof messageAuthenticationSchema>;

export type Invitation = z.infer<typeof invitationSchema>;
export type InvitationPerson = z.infer<typeof invitationPersonSchema>;

/**
 * A message as GET /messages/{id} shows it (SPEC §3). Some fields repeat another under the name
 * other clients read (to = toAddresses, cc = ccAddresses, body = bodyText, size = sizeBytes):
 * the server fills both, clients may read either.
 */
export const messageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  /** The From header as written: "Name <address>" or a bare address. */
  from: z.string(),
  fromName: z.string().nullable(),
  fromAddress: z.string(),
  toAddresses: z.array(z.string()),
  to: z.array(z.string()),
  ccAddresses: z.array(z.string()),
  cc: z.array(z.string()),
  /** Only on the sender's own copies (SENT, DRAFTS); empty on received mail. */
  bccAddresses: z.array(z.string()),
  replyTo: z.string().nullable(),
  bodyText: z.string(),
  body: z.string(),
  /** Sanitised on the server when stored (DESIGN.md 9); render it only in the sandboxed frame. */
  bodyHtml: z.string().nullable(),
  /** The body was longer than the server keeps to show: the whole is in the original source. */
  bodyClipped: z.boolean(),
  attachments: z.array(attachmentSchema),
  hasAttachments: z.boolean(),
  attachmentIds: z.array(z.number().int()),
  attachmentCount: z.number().int().min(0),
  isRead: z.boolean(),
  isStarred: z.boolean(),
  isDraft: z.boolean(),
  /** Delivery time; for mail never received (drafts, sent) the creation time. */
  receivedAt: z.string(),
  sentAt: z.string().nullable(),
  mailboxId: z.number().int(),
  mailboxType: mailboxTypeSchema,
  size: z.number().int().min(0),
  sizeBytes: z.number().int().min(0),
  labels: z.array(z.string()),
  /** 1 (highest) .. 5 (lowest), as the X-Priority header. */
  priority: z.number().int(),
  importance: importanceSchema,
  /** The RFC 5322 Message-ID header, with angle brackets. */
  messageId: z.string().nullable(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  /** Opaque: the same for every message of one conversation. */
  threadId: z.string().nullable(),
  /** The start of the plain body on one line, for lists. */
  preview: z.string(),
  /** The calendar invitation the message carries, if any. */
  invitation: invitationSchema.nullable(),
  /** Sender checks of mail received over SMTP (issue 15); null for mail written here. */
  authentication: messageAuthenticationSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** A row of a mailbox list: no bodies, attachments or threading headers. */
export const messageListItemSchema = messageSchema.omit(
  Object.fromEntries(MESSAGE_DETAIL_ONLY_FIELDS.map((field) => [field, true])) as Record<
    MessageDetailOnlyField,
    true
  >,
);
export type MessageListItem = z.infer<typeof messageListItemSchema>;

/**
 * A page of messages: the server page of SPEC §3 plus keyset paging (issue 14). `nextCursor` and
 * `prevCursor` fetch the neighbouring pages by sort key and id (pass one as `cursor`, with the page
 * number it leads to); null where there is no such page. `totalIsEstimate`: the count stopped at a
 * cap, so `totalElements` is a lower bound ("more than N") and `last` says whether more rows follow.
 */
export const messagePageSchema = pageOf(messageListItemSchema).extend({
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  totalIsEstimate: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** GET /messages/count/unread: count is INBOX's unread; total adds every folder but TRASH and SPAM. */
export const unreadCountsResponseSchema = countResponseSchema.extend({ total: z.number().int().min(0) });
export type UnreadCountsResponse = z.infer<typeof unreadCountsResponseSchema>;

/** DELETE /messages/trash and POST /mailboxes/{id}/empty: how many messages went for good. */
export const emptyResultSchema = z.object({ deleted: z.number().int().min(0) });
export type EmptyResult = z.infer<typeof emptyResultSchema>;

/** DELETE /messages/{id}: whether it went to the trash or is gone for good. */
export const deleteResultSchema = z.object({ permanent: z.boolean() });
export type DeleteResult = z.infer<typeof deleteResultSchema>;

/** GET /dashboard (if offered): the four cards, the mailbox cards and the latest inbox mail. */
export const dashboardSummarySchema = z.object({
  totalMessages: z.number().int().min(0),
  unreadMessages: z.number().int().min(0),
  drafts: z.number().int().min(0),
  sentToday: z.number().int().min(0),
  notificationCount: z.number().int().min(0),
  mailboxes: z.array(mailboxSchema),
  recent: z.array(messageListItemSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export { senderLabel } from './sender-label.js';
