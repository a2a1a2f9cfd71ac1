import { create } from 'zustand';

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

export interface ComposeFormState extends ComposeFields {
  /** The draft this compose continues, once loaded or saved; later saves update it. */
  draftId: number | null;
  /** The fields as last loaded or saved: what "unsaved changes" is measured against. */
  savedSnapshot: string;
  /**
   * The signature's text as it was put at the end of the body (SPEC §4), or null: whoever replaces
   * the body (a template) puts it back below the new text.
   */
  signature: string | null;
  setSignature: (signature: string | null) => void;
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
  start: (fields?: Partial<ComposeFields>, draftId?: number | null) => void;
  /** Sets these fields as the saved ones, within the same start (nothing to warn about on leaving). */
  load: (fields?: Partial<ComposeFields>, draftId?: number | null) => void;
  /** The current fields are now stored as draft draftId. */
  markSaved: (draftId: number) => void;
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

function loaded(fields: Partial<ComposeFields>, draftId: number | null) {
  const next = { ...EMPTY_COMPOSE, ...fields };
  return { ...next, draftId, savedSnapshot: snapshotOf(next), signature: null };
}

export const useComposeForm = create<ComposeFormState>()((set, get) => ({
  ...EMPTY_COMPOSE,
  draftId: null,
  savedSnapshot: snapshotOf(EMPTY_COMPOSE),
  signature: null,
  setSignature: (signature) => set({ signature }),
  setTo: (to) => set({ to }),
  setCc: (cc) => set({ cc }),
  setBcc: (bcc) => set({ bcc }),
  setSubject: (subject) => set({ subject }),
  setBody: (body) => set({ body }),
  setAttachmentIds: (attachmentIds) => set({ attachmentIds }),
  startNumber: 0,
  start: (fields = {}, draftId = null) =>
    set({ ...loaded(fields, draftId), startNumber: get().startNumber + 1 }),
  load: (fields = {}, draftId = null) => set(loaded(fields, draftId)),
  markSaved: (draftId) => set({ draftId, savedSnapshot: snapshotOf(get()) }),
}));

/** True when the form differs from what was loaded or last saved. */
export function selectHasUnsavedChanges(state: ComposeFormState): boolean {
  return snapshotOf(state) !== state.savedSnapshot;
}
