import { pageQuerySchema } from '@postline/shared/common';
import {
  COMPOSE_MAX_FILES,
  EMAIL_ADDRESS_MAX,
  MAILBOX_NAME_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_LABEL_MAX,
  MESSAGE_LABELS_MAX,
  MESSAGE_RECIPIENTS_MAX,
  MESSAGE_SUBJECT_MAX,
  SEARCH_KEYWORD_MAX,
} from '@postline/shared/limits';
import { messageCursorQuerySchema, messageSortQuerySchema } from '@postline/shared/message-queries';
import {
  localizeValidationMessage,
  messageKey,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from '@postline/shared/validation-messages';
import { byLanguage } from '../../lib/i18n.js';
import { registerValidationMessages } from '../../lib/validation-text.js';

/** What the contract in packages/shared does not have (yet) for the messages API. */

/** GET /messages/unread|starred|attachments: a page, a sort and a keyset cursor. */
export const messageViewQuerySchema = pageQuerySchema.extend({
  sort: messageSortQuerySchema,
  cursor: messageCursorQuerySchema,
});

/**
 * The shared schemas' issue messages are keys ('subjectRequired', 'tooLong|998'); the error handler
 * looks them up by exact text, so the ones the mail requests can raise are registered here.
 */
const PLAIN_KEYS: ValidationMessageKey[] = [
  'required',
  'invalidValue',
  'invalidId',
  'toRequired',
  'subjectRequired',
  'bodyRequired',
  'draftSubjectRequired',
  'invalidPriority',
  'invalidImportance',
  'invalidMailboxType',
  'invalidSort',
  'invalidDate',
  'invalidDateRange',
  'nameRequired',
  'idsRequired',
];

const VALUED_MESSAGES = [
  ...[
    MESSAGE_SUBJECT_MAX,
    MESSAGE_BODY_MAX,
    MESSAGE_LABEL_MAX,
    MAILBOX_NAME_MAX,
    SEARCH_KEYWORD_MAX,
    EMAIL_ADDRESS_MAX,
  ].map((max) => messageKey('tooLong', max)),
  messageKey('tooManyRecipients', MESSAGE_RECIPIENTS_MAX),
  messageKey('tooManyItems', MESSAGE_LABELS_MAX),
  messageKey('maxFilesExceeded', COMPOSE_MAX_FILES),
];

const localized = (message: string) => byLanguage((lang) => localizeValidationMessage(message, lang));

registerValidationMessages(
  Object.fromEntries([
    ...PLAIN_KEYS.map((key) => [key, VALIDATION_MESSAGES[key]] as const),
    ...VALUED_MESSAGES.map((message) => [message, localized(message)] as const),
  ]),
);
