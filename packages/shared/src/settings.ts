import { z } from 'zod';
import { messageKey } from './validation-messages.js';

/*
 * The signed-in person's own settings (issue 36), kept on the server so every browser they sign
 * in on finds them: GET /settings answers all of them, PATCH /settings changes only those sent.
 * Issue 37 adds more (theme, shortcuts, density, time zone) to the same object and endpoint.
 */

/** How long a sent mail waits, in seconds, so Undo can take it back (Gmail's choices). */
export const UNDO_SEND_DELAYS = [5, 10, 20, 30] as const;
export type UndoSendDelay = (typeof UNDO_SEND_DELAYS)[number];
export const DEFAULT_UNDO_SEND_SECONDS: UndoSendDelay = 10;

export const undoSendSecondsSchema = z
  .number({ error: messageKey('undoSendSeconds') })
  .int({ error: messageKey('undoSendSeconds') })
  .refine((value) => (UNDO_SEND_DELAYS as readonly number[]).includes(value), {
    message: messageKey('undoSendSeconds'),
  });

/** GET and PATCH /settings: every setting as it is now (a default until the person chose). */
export const userSettingsSchema = z.object({
  /**
   * Seconds a sent mail waits before it goes: one of UNDO_SEND_DELAYS once chosen; until then the
   * server's default (10, or what the operator set in UNDO_SEND_DEFAULT_SECONDS; 0 = at once).
   */
  undoSendSeconds: z.number().int().min(0),
  /** The mail list groups mail by conversation (true) or shows one row per message (false). */
  conversationView: z.boolean(),
  /** Gmail's keyboard shortcuts work (issue 37); on until switched off. */
  keyboardShortcuts: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PATCH /settings: only what is sent changes (no defaults here, or a partial save would reset the rest). */
export const userSettingsUpdateSchema = z.object({
  undoSendSeconds: undoSendSecondsSchema.optional(),
  conversationView: z.boolean({ error: messageKey('invalidValue') }).optional(),
  keyboardShortcuts: z.boolean({ error: messageKey('invalidValue') }).optional(),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;
