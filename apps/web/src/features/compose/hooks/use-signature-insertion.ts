import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Signature } from '@postline/shared/signatures';
import { toast } from '@/components/ui/toast';
import { fetchDefaultSignature } from '../api/get-default-signature';
import { fetchActiveSignatures } from '../api/list-signatures';
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
  const [signatures, setSignatures] = useState<Signature[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Refs, not state: they must hold across StrictMode's second effect run and late answers.
  const removed = useRef(false);
  const defaultHandled = useRef(false);

  useEffect(() => {
    let live = true;
    fetchActiveSignatures()
      .then((page) => {
        if (live) setSignatures(page.content);
      })
      .catch(() => {
        if (live) toast.error(t('picker.error'));
      });
    fetchDefaultSignature()
      // SPEC §7: a default that cannot be read counts as none.
      .catch(() => null)
      .then((found) => {
        if (!live || !found || defaultHandled.current || removed.current) return;
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
        setSignatures((list) => (list.some((item) => item.id === found.id) ? list : [found, ...list]));
      });
    return () => {
      live = false;
    };
  }, [t]);

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
