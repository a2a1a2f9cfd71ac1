import { z } from 'zod';
import { messageKey } from './validation-messages.js';

/*
 * Undo send and send later (issue 36), one mechanism on the server: a sent mail waits in the
 * Scheduled folder until its time (now + the sender's undo delay, or the time they chose), then
 * goes once. Until then it can be sent now or cancelled back to Drafts (which is also Undo).
 */

/** How far ahead a mail may be scheduled. */
export const SEND_LATER_MAX_DAYS = 365;

/**
 * ?sendAt= on POST /messages, /messages/reply, /messages/reply-all and /messages/forward: send at
 * this instant (ISO 8601 with its offset) instead of after the undo delay. A past time is refused.
 */
export const sendLaterQuerySchema = z.object({
  sendAt: z.iso
    .datetime({ offset: true, error: messageKey('invalidValue') })
    .refine((value) => Date.parse(value) > Date.now(), { message: messageKey('sendAtPast') })
    .refine((value) => Date.parse(value) <= Date.now() + SEND_LATER_MAX_DAYS * 86_400_000, {
      message: messageKey('sendAtTooFar'),
    })
    .optional(),
});
export type SendLaterQuery = z.infer<typeof sendLaterQuerySchema>;

/** GET /scheduled/{id} and the answers of its actions: when a waiting mail goes. */
export const scheduledSendSchema = z.object({
  /** The waiting mail: a draft in the Scheduled folder (GET /messages/drafts/{id} reads it whole). */
  messageId: z.number().int(),
  sendAt: z.string(),
  /** Held for the sender's undo delay (true) or scheduled for a time they chose (false). */
  undo: z.boolean(),
});
export type ScheduledSend = z.infer<typeof scheduledSendSchema>;

/** POST /scheduled/{id}/cancel: the mail back in Drafts, as it was written. */
export const cancelledSendSchema = z.object({ draftId: z.number().int() });
export type CancelledSend = z.infer<typeof cancelledSendSchema>;
