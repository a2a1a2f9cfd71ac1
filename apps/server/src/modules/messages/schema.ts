import { pageQuerySchema } from '@postline/shared/common';
import { messageCursorQuerySchema, messageSortQuerySchema } from '@postline/shared/message-queries';

/** What the contract in packages/shared does not have (yet) for the messages API. */

/** GET /messages/unread|starred|attachments: a page, a sort and a keyset cursor. */
export const messageViewQuerySchema = pageQuerySchema.extend({
  sort: messageSortQuerySchema,
  cursor: messageCursorQuerySchema,
});
