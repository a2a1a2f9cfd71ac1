/**
 * The fields of a full message that a list row leaves out: bodies, attachments and threading
 * headers. One list for the row's schema (messages.ts) and for the web app, which makes a row out
 * of a pushed message without loading zod.
 */
export const MESSAGE_DETAIL_ONLY_FIELDS = [
  'bccAddresses',
  'replyTo',
  'bodyText',
  'body',
  'bodyHtml',
  'bodyClipped',
  'attachments',
  'attachmentIds',
  'messageId',
  'inReplyTo',
  'references',
  'invitation',
  'authentication',
] as const;

export type MessageDetailOnlyField = (typeof MESSAGE_DETAIL_ONLY_FIELDS)[number];
