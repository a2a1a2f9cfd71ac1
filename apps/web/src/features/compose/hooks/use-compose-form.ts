import { create } from 'zustand';
import type { DraftKind } from '@postline/shared/drafts';

/**
 * The compose form's state, in a store so that the parts of the compose screen written by others
 * (template picker, signature picker, attachment uploader) can read and set the body, subject and
 * attachments without the page passing them down:
 *
 *   const { body, setBody, subject, setSubject } = useComposeForm();
 *   const attachmentIds = useComposeForm((s) => s.attachmentIds);
 */
export interface ComposeFields {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  /** Uploaded attachments that go with the message. */
  attachmentIds: number[];
}

/** What the mail is written as: a new one, or an answer to (a forward of) one message. */
export interface ComposeContext {
  kind: DraftKind;
  originalMessageId: number | null;
}

export const NEW_MAIL: ComposeContext = { kind: 'NEW', originalMessageId: null };

/** How the last automatic or explicit save went, for the quiet status beside the buttons. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'local' | 'failed';

/** Besides the fields, what a start may carry: a resumed draft's context and signature. */
export interface ComposeStartExtras {
  context?: ComposeContext;
  /** A reply's quoted original at the end of the body: a signature goes above it. */
  quote?: string | null;
  signatureId?: number | null;
  signature?: string | null;
  /** Fields newer than the draft (kept on this device): they start as unsaved changes. */
  unsaved?: Partial<ComposeFields>;
  /** The draft waits in Scheduled and goes at this time (ISO; issue 36). */
  waitingUntil?: string | null;
}

/** Who writes: signature {{variables}} are filled from it, unsent text is kept under its id. */
export interface ComposeAccount {
  id: number;
  name: string;
  email: string;
}

export interface ComposeFormState extends ComposeFields {
  /** Set by the screen that writes (from the session); kept across starts. */
  account: ComposeAccount | null;
  setAccount: (account: ComposeAccount) => void;
  /** The draft this compose continues, once loaded or saved; later saves update it. */
  draftId: number | null;
  /** The fields as last loaded or saved: what "unsaved changes" is measured against. */
  savedSnapshot: string;
  /**
   * The signature's text as it was put at the end of the body (SPEC §4), or null: whoever replaces
   * the body (a template) puts it back below the new text.
   */
  signature: string | null;
  /** The signature the body holds (the picker shows it), or null. */
  signatureId: number | null;
  setSignature: (signature: string | null, signatureId?: number | null) => void;
  context: ComposeContext;
  /** A reply's quoted original as it was put at the end of the body, or null. */
  quote: string | null;
  /** The draft was made while writing this mail (not opened from Drafts): discarding deletes it. */
  createdDraft: boolean;
  saveStatus: SaveStatus;
  /**
   * The draft continued waits in Scheduled and goes at this time (ISO), or null. A save takes it
   * off the schedule (the server's rule, issue 36), and so does Cancel.
   */
  waitingUntil: string | null;
  setWaitingUntil: (waitingUntil: string | null) => void;
  /** When the server last stored this mail (ms), for "saved at". */
  savedAt: number | null;
  setSaveStatus: (saveStatus: SaveStatus) => void;
  setTo: (to: string[]) => void;
  setCc: (cc: string[]) => void;
  setBcc: (bcc: string[]) => void;
  setSubject: (subject: string) => void;
  setBody: (body: string) => void;
  setAttachmentIds: (ids: number[]) => void;
  /**
   * Which start of the form this is: `start` counts up, so what belongs to one mail (the default
   * signature put in once, a removed signature kept out) is done again for the next and only once
   * for this one, however often an effect runs.
   */
  startNumber: number;
  /** Starts a new mail with these fields (a new message, a prefilled one, or a draft continued). */
  start: (fields?: Partial<ComposeFields>, draftId?: number | null, extras?: ComposeStartExtras) => void;
  /** Empties the form when its screen closes. */
  reset: () => void;
  /** Sets these fields as the saved ones, within the same start (nothing to warn about on leaving). */
  load: (fields?: Partial<ComposeFields>, draftId?: number | null) => void;
  /**
   * `saved` (the fields as sent) are now stored as draft draftId; what was typed while the save
   * was on its way stays an unsaved change.
   */
  markSaved: (draftId: number, saved: ComposeFields) => void;
}

export const EMPTY_COMPOSE: ComposeFields = {
  to: [],
  cc: [],
  bcc: [],
  subject: '',
  body: '',
  attachmentIds: [],
};

export function composeFieldsOf(state: ComposeFields): ComposeFields {
  const { to, cc, bcc, subject, body, attachmentIds } = state;
  return { to, cc, bcc, subject, body, attachmentIds };
}

const snapshotOf = (fields: ComposeFields) => JSON.stringify(composeFieldsOf(fields));

function loaded(fields: Partial<ComposeFields>, draftId: number | null, extras: ComposeStartExtras = {}) {
  const next = { ...EMPTY_COMPOSE, ...fields };
  return {
    ...next,
    ...extras.unsaved,
    draftId,
    savedSnapshot: snapshotOf(next),
    signature: extras.signature ?? null,
    signatureId: extras.signature == null ? null : (extras.signatureId ?? null),
    context: extras.context ?? NEW_MAIL,
    quote: extras.quote ?? null,
    createdDraft: false,
    saveStatus: 'idle' as SaveStatus,
    waitingUntil: extras.waitingUntil ?? null,
    savedAt: null,
  };
}

export const useComposeForm = create<ComposeFormState>()((set, get) => ({
  ...EMPTY_COMPOSE,
  account: null,
  setAccount: (account) => {
    const current = get().account;
    if (current?.id !== account.id || current.name !== account.name || current.email !== account.email)
      set({ account });
  },
  draftId: null,
  savedSnapshot: snapshotOf(EMPTY_COMPOSE),
  signature: null,
  signatureId: null,
  setSignature: (signature, signatureId = null) =>
    set({ signature, signatureId: signature === null ? null : signatureId }),
  context: NEW_MAIL,
  quote: null,
  createdDraft: false,
  saveStatus: 'idle',
  waitingUntil: null,
  setWaitingUntil: (waitingUntil) => set({ waitingUntil }),
  savedAt: null,
  setSaveStatus: (saveStatus) => set({ saveStatus }),
  setTo: (to) => set({ to }),
  setCc: (cc) => set({ cc }),
  setBcc: (bcc) => set({ bcc }),
  setSubject: (subject) => set({ subject }),
  setBody: (body) => set({ body }),
  setAttachmentIds: (attachmentIds) => set({ attachmentIds }),
  startNumber: 0,
  start: (fields = {}, draftId = null, extras = {}) =>
    set({ ...loaded(fields, draftId, extras), startNumber: get().startNumber + 1 }),
  // A new start number too: a save still on its way belongs to the mail that was closed.
  reset: () => set({ ...loaded({}, null), startNumber: get().startNumber + 1 }),
  load: (fields = {}, draftId = null) => {
    const { context, signature, signatureId, createdDraft, quote } = get();
    // Within the same mail: what it is written as, its quote and its signature stay.
    set({ ...loaded(fields, draftId, { context, signature, signatureId, quote }), createdDraft });
  },
  markSaved: (draftId, saved) =>
    set((state) => ({
      draftId,
      createdDraft: state.createdDraft || state.draftId === null,
      savedSnapshot: snapshotOf(saved),
      saveStatus: 'saved',
      waitingUntil: null,
      savedAt: Date.now(),
    })),
}));

/** True when the form differs from what was loaded or last saved. */
export function selectHasUnsavedChanges(state: ComposeFormState): boolean {
  return snapshotOf(state) !== state.savedSnapshot;
}
