import type { FastifyInstance } from 'fastify';
import { ensureSpecialFolder, getSystemFolder } from '../folders/index.js';
import { getOwnedMessage, moveMessage, type MessagesDeps } from '../messages/index.js';
import { learnWithRspamd } from '../../mail/pipeline/trust/rspamd.js';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';

/*
 * "Report spam" and "Not spam" (issue 15): the message moves to Spam or back to the inbox, and when
 * rspamd is configured it learns from the message's original source, so the next one like it is
 * scored the same way. Learning happens after the move and never undoes it: a spam filter that is
 * down costs the lesson, not the user's action.
 *
 * Which mail the buttons apply to (issue 32), as Gmail and Roundcube have it: "Report spam" is for
 * mail one received, wherever it is filed (Inbox, a folder, Archive, Trash); "Not spam" is for mail
 * in Spam only, and takes it to the inbox; mail one wrote (Sent, drafts) is neither, and teaching
 * the spam filter one's own words would only teach it wrong.
 */

type SpamRefusal = 'spamOwnMail' | 'spamAlready' | 'spamNotInSpam';

function refusalOf(message: { mailboxType: string; isDraft: boolean }, isSpam: boolean): SpamRefusal | null {
  if (!isSpam) return message.mailboxType === 'SPAM' ? null : 'spamNotInSpam';
  if (message.isDraft || message.mailboxType === 'SENT' || message.mailboxType === 'DRAFTS')
    return 'spamOwnMail';
  return message.mailboxType === 'SPAM' ? 'spamAlready' : null;
}

async function sourceOf(messages: MessagesDeps, userId: number, messageId: number): Promise<Buffer | null> {
  const { source } = await messages.files.original(userId, messageId);
  if (!source) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of source.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Answers whether rspamd learned from it (false without rspamd, without a source, or on failure). */
export async function reportSpam(
  app: FastifyInstance,
  messages: MessagesDeps,
  userId: number,
  messageId: number,
  isSpam: boolean,
): Promise<boolean> {
  const refusal = refusalOf(await getOwnedMessage(app.database.db, userId, messageId), isSpam);
  if (refusal) throw new AppError(409, 'CONFLICT', { text: localizedText(`messages:${refusal}`) });
  const target = await app.database.transaction((tx) =>
    isSpam ? ensureSpecialFolder(tx, userId, 'SPAM') : getSystemFolder(tx, userId, 'INBOX'),
  );
  await moveMessage(app.database, userId, messageId, target.id);
  const rspamd = app.config.rspamd;
  if (!rspamd) return false;
  try {
    const raw = await sourceOf(messages, userId, messageId);
    if (!raw) return false;
    await learnWithRspamd(rspamd, raw, isSpam ? 'spam' : 'ham');
    return true;
  } catch (error) {
    app.log.warn({ err: error, messageId }, 'rspamd did not learn from a spam report');
    return false;
  }
}
