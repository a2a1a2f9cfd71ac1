import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Signature } from '@postline/shared/signatures';
import { toast } from '@/components/ui/toast';
import { defaultSignatureQuery, signaturesQuery } from '@/lib/resources/signatures';
import { appendSignature, removeSignature, replaceSignature, signatureText } from '../signature-block';
import { composeFieldsOf, selectHasUnsavedChanges, useComposeForm } from './use-compose-form';

export interface SignatureInsertion {
  signatures: Signature[];
  /** The signature now in the body, if any. */
  selectedId: number | null;
  choose: (id: number) => void;
  remove: () => void;
}

/**
 * The signature rules of SPEC §4 for one compose session: the default signature goes once into
 * an empty body after two blank lines; choosing another replaces it; removing it means it is not
 * put back.
 */
export function useSignatureInsertion(): SignatureInsertion {
  const { t } = useTranslation('signatures');
  // The signatures page's cache: what was saved there is offered here without asking again.
  const all = useQuery(signaturesQuery);
  // SPEC §7: a default that cannot be read counts as none.
  const byDefault = useQuery(defaultSignatureQuery);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Refs, not state: they must hold across StrictMode's second effect run and later answers.
  const removed = useRef(false);
  const defaultHandled = useRef(false);

  const signatures = useMemo(() => {
    const active = (all.data ?? []).filter((signature) => signature.isActive);
    const found = byDefault.data;
    return found && !active.some((item) => item.id === found.id) ? [found, ...active] : active;
  }, [all.data, byDefault.data]);

  useEffect(() => {
    if (all.isError) toast.error(t('picker.error'));
  }, [all.isError, t]);

  useEffect(() => {
    const found = byDefault.data;
    if (!found || defaultHandled.current || removed.current) return;
    defaultHandled.current = true;
    const form = useComposeForm.getState();
    const text = signatureText(found.content);
    // Only a new, empty mail gets it; the user may already be typing.
    if (form.body !== '' || text === '') return;
    const body = appendSignature('', text);
    if (selectHasUnsavedChanges(form)) form.setBody(body);
    // The signature is part of how a new mail starts, not a change that needs a leave warning.
    else form.load({ ...composeFieldsOf(form), body }, form.draftId);
    useComposeForm.getState().setSignature(text);
    setSelectedId(found.id);
  }, [byDefault.data]);

  const choose = useCallback(
    (id: number) => {
      const signature = signatures.find((item) => item.id === id);
      if (!signature) return;
      const text = signatureText(signature.content);
      const form = useComposeForm.getState();
      form.setBody(replaceSignature(form.body, form.signature, text));
      form.setSignature(text);
      removed.current = false;
      defaultHandled.current = true;
      setSelectedId(id);
      toast.success(t('picker.applied'));
    },
    [signatures, t],
  );

  const remove = useCallback(() => {
    const form = useComposeForm.getState();
    if (form.signature !== null) form.setBody(removeSignature(form.body, form.signature));
    form.setSignature(null);
    removed.current = true;
    setSelectedId(null);
    toast.success(t('picker.removed'));
  }, [t]);

  return { signatures, selectedId, choose, remove };
}
