import type { DraftContextInput } from '@postline/shared/drafts';
import { ApiError } from '@/lib/api-error';
import { discardDraft } from '../api/discard-draft';
import { saveDraft } from '../api/save-draft';
import { forgetUnsent, keepUnsent, unsentKey } from '../unsent-mail';
import type { DraftProblem } from '../validation';
import {
  composeFieldsOf,
  EMPTY_COMPOSE,
  selectHasUnsavedChanges,
  useComposeForm,
  type ComposeContext,
  type ComposeFields,
} from './use-compose-form';

/*
 * Saving the mail being written (issue 34), as Gmail does: to this browser at once, and to the
 * server as a draft a moment after typing stops, when the user leaves, and when asked. One save at
 * a time, in order, so the first one's new draft id is known to the next (one draft per mail, never
 * two) and a send or a discard waits for a save still on its way.
 */

/** What one save is about, taken when it was asked for: the form may be started anew meanwhile. */
interface Taken {
  fields: ComposeFields;
  draftId: number | null;
  context: ComposeContext;
  signatureId: number | null;
  signature: string | null;
  startNumber: number;
  userId: number | null;
  dirty: boolean;
}

export type SaveOutcome =
  | { kind: 'saved'; draftId: number }
  | { kind: 'empty' }
  | { kind: 'invalid'; problem: DraftProblem }
  | { kind: 'failed'; error: unknown };

let queue: Promise<unknown> = Promise.resolve();
/** The draft each start of the form made, so that a discard finds one whose save was under way. */
const createdIn = new Map<number, number>();

const loadChecks = () => import('../validation');

function take(): Taken {
  const state = useComposeForm.getState();
  return {
    fields: composeFieldsOf(state),
    draftId: state.draftId,
    context: state.context,
    signatureId: state.signatureId,
    signature: state.signature,
    startNumber: state.startNumber,
    userId: state.account?.id ?? null,
    dirty: selectHasUnsavedChanges(state),
  };
}

const isCurrent = (taken: Taken) => useComposeForm.getState().startNumber === taken.startNumber;

function isBlank(fields: ComposeFields): boolean {
  return JSON.stringify(fields) === JSON.stringify(EMPTY_COMPOSE);
}

/** Writes the mail down in this browser, if it holds anything the server has not. */
function keepLocally(taken: Taken): void {
  if (taken.userId === null || !taken.dirty) return;
  keepUnsent(taken.userId, unsentKey(taken.draftId, taken.context), {
    fields: taken.fields,
    draftId: taken.draftId,
    context: taken.context,
    signatureId: taken.signatureId,
    signature: taken.signature,
    at: Date.now(),
  });
}

/** Keeps what the form holds now in this browser (on every change, and as the page goes away). */
export function keepCurrentLocally(): void {
  keepLocally(take());
}

function contextRequest(taken: Taken): DraftContextInput {
  return {
    kind: taken.context.kind,
    originalMessageId: taken.context.originalMessageId,
    signatureId: taken.signatureId,
    signatureText: taken.signature,
  };
}

async function persist(taken: Taken): Promise<SaveOutcome> {
  if (taken.draftId === null && (!taken.dirty || isBlank(taken.fields))) return { kind: 'empty' };
  if (!taken.dirty && taken.draftId !== null) return { kind: 'saved', draftId: taken.draftId };
  keepLocally(taken);
  const problem = (await loadChecks()).draftProblem(taken.fields);
  if (problem) {
    if (isCurrent(taken)) useComposeForm.getState().setSaveStatus('local');
    return { kind: 'invalid', problem };
  }
  if (isCurrent(taken)) useComposeForm.getState().setSaveStatus('saving');
  try {
    const saved = await saveDraft(
      {
        toAddresses: taken.fields.to,
        ccAddresses: taken.fields.cc,
        bccAddresses: taken.fields.bcc,
        subject: taken.fields.subject.trim(),
        bodyText: taken.fields.body,
        attachmentIds: taken.fields.attachmentIds,
        context: contextRequest(taken),
      },
      taken.draftId,
    );
    if (taken.draftId === null) createdIn.set(taken.startNumber, saved.id);
    if (taken.userId !== null) forgetUnsent(taken.userId, unsentKey(null, taken.context));
    if (isCurrent(taken)) {
      const form = useComposeForm.getState();
      form.markSaved(saved.id, taken.fields);
      // What was typed while the save was on its way stays here until the next one.
      if (selectHasUnsavedChanges(useComposeForm.getState())) keepCurrentLocally();
      else if (taken.userId !== null) forgetUnsent(taken.userId, unsentKey(saved.id, taken.context));
    } else if (taken.userId !== null) {
      forgetUnsent(taken.userId, unsentKey(saved.id, taken.context));
    }
    return { kind: 'saved', draftId: saved.id };
  } catch (error) {
    // The session may have ended (issue 34): the text is in this browser until it can be sent up.
    const ended = error instanceof ApiError && error.status === 401;
    if (isCurrent(taken)) useComposeForm.getState().setSaveStatus(ended ? 'local' : 'failed');
    return { kind: 'failed', error };
  }
}

/**
 * The start of the form whose mail is being sent. A save asked for meanwhile (the idle timer, the
 * tab hidden) would make the draft again after the send took it away, and the next reply to the
 * same message would open it: a mail sent is never saved.
 */
let sending: number | null = null;

/** Holds saves of the mail being sent until the send has ended; answers the release. */
export function holdSavesWhileSending(): () => void {
  const held = useComposeForm.getState().startNumber;
  sending = held;
  return () => {
    if (sending === held) sending = null;
  };
}

/** Saves the form as it is now, after any save already asked for. */
export function saveDraftNow(): Promise<SaveOutcome> {
  const taken = take();
  // At once, not after the saves before it: the page may be going away.
  keepLocally(taken);
  if (taken.startNumber === sending) return Promise.resolve({ kind: 'empty' });
  const run = queue.then(() => persist(withLatestDraftId(taken)));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The draft id a save before this one may have given the same mail: the form had none when this
 * save was asked for, but the one before it created the draft.
 */
function withLatestDraftId(taken: Taken): Taken {
  if (taken.draftId !== null || !isCurrent(taken)) return taken;
  return { ...taken, draftId: useComposeForm.getState().draftId };
}

/** Resolves once every save asked for so far has ended. */
export function whenSavesEnded(): Promise<unknown> {
  return queue;
}

/**
 * Throws the mail away: a draft made while writing it is deleted for good (one opened from Drafts
 * keeps what it had), the copy in this browser goes, and the form starts empty.
 */
export async function discardComposition(): Promise<void> {
  const { draftId, context, account, startNumber } = useComposeForm.getState();
  useComposeForm.getState().start();
  await whenSavesEnded();
  const created = createdIn.get(startNumber) ?? null;
  const keys = [
    unsentKey(null, context),
    ...[draftId, created].flatMap((id) => (id === null ? [] : [unsentKey(id, context)])),
  ];
  if (account) forgetUnsent(account.id, ...keys);
  if (created !== null) await discardDraft(created).catch(() => undefined);
}

/** After a send: nothing of this mail is kept anywhere but in Sent. */
export function forgetSentComposition(draftId: number | null, context: ComposeContext): void {
  const account = useComposeForm.getState().account;
  if (account)
    forgetUnsent(
      account.id,
      unsentKey(null, context),
      ...(draftId !== null ? [unsentKey(draftId, context)] : []),
    );
  useComposeForm.getState().start();
}
