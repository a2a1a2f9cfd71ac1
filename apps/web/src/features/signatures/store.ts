import { create } from 'zustand';
import type { Signature, SignatureRequest } from '@postline/shared/signatures';
import { messageOf } from '@/lib/api-error';
import { createSignature } from './api/create-signature';
import { deleteSignature } from './api/delete-signature';
import { duplicateSignature } from './api/duplicate-signature';
import { fetchDefaultSignature } from './api/get-default-signature';
import { fetchSignatures } from './api/list-signatures';
import { setDefaultSignature } from './api/set-default-signature';
import { updateSignature } from './api/update-signature';

interface SignaturesData {
  signatures: Signature[];
  defaultSignature: Signature | null;
  isLoading: boolean;
  /** Shown in the page's banner until closed (SPEC §2). */
  error: string | null;
}

interface SignaturesActions {
  load(): Promise<void>;
  loadDefault(): Promise<void>;
  /** Writes rethrow so the form stays open with the reason (SPEC §8). */
  save(request: SignatureRequest, id?: number): Promise<Signature>;
  remove(id: number): Promise<void>;
  makeDefault(id: number): Promise<void>;
  duplicate(id: number): Promise<Signature>;
  clearError(): void;
}

export type SignaturesState = SignaturesData & SignaturesActions;

export const initialSignaturesData: SignaturesData = {
  signatures: [],
  defaultSignature: null,
  isLoading: false,
  error: null,
};

/** The list with one signature put in place of its old version, and the default flag kept single. */
function withSaved(list: Signature[], saved: Signature): Signature[] {
  return list.map((item) => {
    if (item.id === saved.id) return saved;
    return saved.isDefault && item.isDefault ? { ...item, isDefault: false } : item;
  });
}

export const useSignaturesStore = create<SignaturesState>()((set, get) => {
  /** Runs a change from a card; a failure goes to the banner and is rethrown. */
  async function guarded<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      set({ error: messageOf(error) });
      throw error;
    }
  }

  return {
    ...initialSignaturesData,

    async load() {
      set({ isLoading: true });
      try {
        const [page, defaultSignature] = await Promise.all([fetchSignatures(), fetchDefaultSignature()]);
        set({ signatures: page.content, defaultSignature, isLoading: false });
      } catch (error) {
        set({ isLoading: false, error: messageOf(error) });
      }
    },

    async loadDefault() {
      try {
        set({ defaultSignature: await fetchDefaultSignature() });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },

    async save(request, id) {
      if (id === undefined) {
        const created = await createSignature(request);
        set((state) => ({ signatures: [created, ...withSaved(state.signatures, created)] }));
        if (created.isDefault) set({ defaultSignature: created });
        return created;
      }
      const updated = await updateSignature(id, request);
      set((state) => ({
        signatures: withSaved(state.signatures, updated),
        defaultSignature: updated.isDefault ? updated : state.defaultSignature,
      }));
      return updated;
    },

    async remove(id) {
      await guarded(() => deleteSignature(id));
      const wasDefault = get().defaultSignature?.id === id;
      set((state) => ({ signatures: state.signatures.filter((item) => item.id !== id) }));
      if (wasDefault) await get().loadDefault();
    },

    async makeDefault(id) {
      const updated = await guarded(() => setDefaultSignature(id));
      set((state) => ({ signatures: withSaved(state.signatures, updated), defaultSignature: updated }));
    },

    async duplicate(id) {
      const copy = await guarded(() => duplicateSignature(id));
      set((state) => ({ signatures: [copy, ...state.signatures] }));
      return copy;
    },

    clearError() {
      set({ error: null });
    },
  };
});
