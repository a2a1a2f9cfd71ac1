import type { Language } from '@postline/shared/errors';
import { settingsOf } from '../settings/index.js';
import { forward, reply, sendNew } from './compose.js';
import { holdSend, type HeldSend } from './hold.js';
import type { ComposeDeps } from './ports.js';

/** The four ways a person sends (POST /messages, /reply, /reply-all, /forward) and their bodies. */
export type SendCall = HeldSend;

/** Who sends, and how their request asked: ?sendAt, the language and zone of the reader. */
export interface Sender {
  userId: number;
  sendAt: string | undefined;
  language: Language;
  timeZone: string | undefined;
}

/**
 * A person's send (issue 36): with ?sendAt, held until then (send later); otherwise held for the
 * sender's undo delay (settings, else UNDO_SEND_DEFAULT_SECONDS); with no delay at all, sent now,
 * as before. Answers the id of the sender's copy in Sent, or of the waiting draft in Scheduled.
 */
export async function sendOrHold(
  deps: ComposeDeps,
  sender: Sender,
  call: SendCall,
  undoDefaultSeconds: number,
): Promise<number> {
  const { userId, language, timeZone } = sender;
  let sendAt: Date | undefined;
  let undo = false;
  if (sender.sendAt !== undefined) sendAt = new Date(sender.sendAt);
  else {
    const { undoSendSeconds } = await settingsOf(deps.delivery.database.db, userId, {
      undoSendSeconds: undoDefaultSeconds,
    });
    if (undoSendSeconds > 0) {
      sendAt = new Date(Date.now() + undoSendSeconds * 1000);
      undo = true;
    }
  }
  if (sendAt) return holdSend(deps, userId, call, { sendAt, undo, language, timeZone });
  switch (call.kind) {
    case 'NEW':
      return sendNew(deps, userId, call.body);
    case 'REPLY':
    case 'REPLY_ALL':
      return reply(deps, userId, call.body, call.kind === 'REPLY_ALL');
    case 'FORWARD':
      return forward(deps, userId, call.body, language, timeZone);
  }
}
