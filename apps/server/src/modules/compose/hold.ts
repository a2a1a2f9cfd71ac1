import type { DraftContextRequest, DraftKind } from '@postline/shared/drafts';
import type { Language } from '@postline/shared/errors';
import type {
  ForwardRequest,
  ReplyRequest,
  SaveDraftRequest,
  SendMessageRequest,
} from '@postline/shared/message-requests';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';
import { ensureSpecialFolder } from '../folders/index.js';
import { getOwnedMessage, placeDraft } from '../messages/index.js';
import { replyAddresses } from './compose.js';
import { readDraftContext } from './draft-context.js';
import { saveDraft } from './drafts.js';
import type { ComposeDeps } from './ports.js';
import { insertScheduledSend } from './scheduled-store.js';

/** A send that waits (issue 36): what was asked, by whom, and when it goes. */
export type HeldSend =
  | { kind: 'NEW'; body: SendMessageRequest }
  | { kind: 'REPLY' | 'REPLY_ALL'; body: ReplyRequest }
  | { kind: 'FORWARD'; body: ForwardRequest };

export interface HoldOptions {
  sendAt: Date;
  /** Held for the undo delay (true) or scheduled for a chosen time (false). */
  undo: boolean;
  language: Language;
  timeZone: string | undefined;
}

/** The draft's fields as the person wrote them; a reply's recipients as the send would resolve them. */
async function draftOf(deps: ComposeDeps, userId: number, held: HeldSend) {
  const { body } = held;
  const common = {
    ccAddresses: body.ccAddresses ?? [],
    bccAddresses: body.bccAddresses,
    subject: body.subject,
    bodyText: body.bodyText,
    attachmentIds: body.attachmentIds,
    draftId: body.draftId,
  };
  if (held.kind === 'NEW')
    return {
      draft: {
        ...common,
        toAddresses: held.body.toAddresses,
        bodyHtml: held.body.bodyHtml,
        priority: held.body.priority,
        importance: held.body.importance,
        labels: held.body.labels,
      },
      originalMessageId: null,
      request: held.body as Record<string, unknown>,
    };
  if (held.kind === 'FORWARD') {
    await getOwnedMessage(deps.delivery.database.db, userId, held.body.originalMessageId);
    return {
      draft: {
        ...common,
        toAddresses: held.body.toAddresses,
        priority: 3,
        importance: 'NORMAL' as const,
        labels: [],
      },
      originalMessageId: held.body.originalMessageId,
      request: held.body as Record<string, unknown>,
    };
  }
  // Checked now, so a reply nobody could get is told at Send, not when its time comes.
  const { recipients } = await replyAddresses(deps, userId, held.body, held.kind === 'REPLY_ALL');
  return {
    draft: {
      ...common,
      toAddresses: recipients.to,
      ccAddresses: recipients.cc,
      bodyHtml: held.body.bodyHtml,
      priority: held.body.priority,
      importance: held.body.importance,
      labels: held.body.labels,
    },
    originalMessageId: held.body.originalMessageId,
    request: { ...held.body, toAddresses: recipients.to, ccAddresses: recipients.cc } as Record<
      string,
      unknown
    >,
  };
}

/** The context to save: the draft's own when it already says what it answers (its signature kept). */
async function contextFor(
  deps: ComposeDeps,
  draftId: number | undefined,
  kind: DraftKind,
  originalMessageId: number | null,
): Promise<DraftContextRequest | undefined> {
  if (draftId !== undefined) {
    const kept = await readDraftContext(deps.delivery.database.db, draftId);
    if (kept.kind === kind && kept.originalMessageId === originalMessageId) return undefined;
  }
  return { kind, originalMessageId, signatureId: null, signatureText: null };
}

/**
 * Holds a send until `sendAt` (undo send and send later are one mechanism, issue 36): what was
 * written is saved as a draft, with its files and what it answers, and put in the Scheduled folder;
 * a row says when it goes and what the send is. The scheduled sender sends it then, exactly as the
 * send would have gone now (scheduled-sender.ts); Undo or Cancel puts the draft back in Drafts.
 * Answers the waiting draft's id.
 */
export async function holdSend(
  deps: ComposeDeps,
  userId: number,
  held: HeldSend,
  options: HoldOptions,
): Promise<number> {
  const { draft, originalMessageId, request } = await draftOf(deps, userId, held);
  const context = await contextFor(deps, held.body.draftId, held.kind, originalMessageId);
  const saved: SaveDraftRequest = { ...draft, ...(context ? { context } : {}) };
  const draftId = await saveDraft(deps, userId, saved);
  // What the draft holds (its files, its id) is not part of the request the sender replays.
  const { draftId: _draft, attachmentIds: _files, ...replayed } = request;
  await deps.delivery.database.transaction(async (tx) => {
    const scheduled = await ensureSpecialFolder(tx, userId, 'SCHEDULED');
    if (!(await placeDraft(tx, userId, draftId, scheduled, options.sendAt)))
      throw new AppError(404, 'MAIL_NOT_FOUND', { text: localizedText('messages:draftNotFound') });
    await insertScheduledSend(tx, {
      messageId: draftId,
      userId,
      sendAt: options.sendAt,
      kind: held.kind,
      request: replayed,
      language: options.language,
      timeZone: options.timeZone ?? null,
      undo: options.undo,
    });
  });
  return draftId;
}
