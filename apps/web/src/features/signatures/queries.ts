import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Signature, SignatureRequest } from '@postline/shared/signatures';
import { queryKeys } from '@/lib/query-keys';
import { defaultSignatureQuery, signaturesQuery } from '@/lib/resources/signatures';
import { useBannerError } from '@/lib/use-banner-error';
import { createSignature } from './api/create-signature';
import { deleteSignature } from './api/delete-signature';
import { duplicateSignature } from './api/duplicate-signature';
import { setDefaultSignature } from './api/set-default-signature';
import { updateSignature } from './api/update-signature';

const NONE: Signature[] = [];

/** The list with one signature put in place of its old version, and the default flag kept single. */
function withSaved(list: Signature[], saved: Signature): Signature[] {
  return list.map((item) => {
    if (item.id === saved.id) return saved;
    return saved.isDefault && item.isDefault ? { ...item, isDefault: false } : item;
  });
}

/** Puts what the server returned into the cached list (new ones first) and the default. */
function storeSaved(client: QueryClient, saved: Signature, isNew: boolean): void {
  client.setQueryData<Signature[]>(queryKeys.signatures.list, (list = NONE) =>
    isNew ? [saved, ...withSaved(list, saved)] : withSaved(list, saved),
  );
  if (saved.isDefault) client.setQueryData(queryKeys.signatures.default, saved);
}

/** Creates or updates a signature; a failure is rethrown so the form stays open with the reason. */
export function useSaveSignature() {
  const client = useQueryClient();
  return useCallback(
    async (request: SignatureRequest, id?: number) => {
      const saved = id === undefined ? await createSignature(request) : await updateSignature(id, request);
      storeSaved(client, saved, id === undefined);
      return saved;
    },
    [client],
  );
}

/**
 * The signatures page's data: the list and the default from the cache, and the changes a card
 * makes. A failed load or change shows in the page's banner until closed (SPEC §2); changes also
 * rethrow, so the caller confirms only what worked.
 */
export function useSignatures() {
  const client = useQueryClient();
  const list = useQuery(signaturesQuery);
  const byDefault = useQuery(defaultSignatureQuery);
  const banner = useBannerError(list.error ?? byDefault.error);
  const { guard } = banner;

  return {
    signatures: list.data ?? NONE,
    defaultSignature: byDefault.data ?? null,
    isLoading: list.isPending,
    error: banner.error,
    clearError: banner.clearError,
    async remove(id: number) {
      await guard(() => deleteSignature(id));
      client.setQueryData<Signature[]>(queryKeys.signatures.list, (held = NONE) =>
        held.filter((item) => item.id !== id),
      );
      if (byDefault.data?.id === id)
        await client.invalidateQueries({ queryKey: queryKeys.signatures.default });
    },
    async makeDefault(id: number) {
      const updated = await guard(() => setDefaultSignature(id));
      storeSaved(client, updated, false);
    },
    async duplicate(id: number) {
      const copy = await guard(() => duplicateSignature(id));
      client.setQueryData<Signature[]>(queryKeys.signatures.list, (held = NONE) => [copy, ...held]);
      return copy;
    },
  };
}
