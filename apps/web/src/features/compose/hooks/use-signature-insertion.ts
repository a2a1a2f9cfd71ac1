import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fillSignatureText, signatureAccountValues } from '@postline/shared/signature-variables';
import type { Signature } from '@postline/shared/signatures';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-error';
import { useDefaultSignature, useSignatureList } from '../queries';
import { appendSignature, removeSignature, replaceSignature, signatureText } from '../signature-block';
import {
  composeFieldsOf,
  selectHasUnsavedChanges,
  useComposeForm,
  type ComposeAccount,
} from './use-compose-form';

export interface SignatureInsertion {
  signatures: Signature[];
  /** The signature now in the body, if any. */
  selectedId: number | null;
  choose: (id: number) => void;
  remove: () => void;
}

/** The signature's text as the body carries it, {{name}} and {{email}} filled (issue 34). */
function bodyTextOf(signature: Signature, account: ComposeAccount | null): string {
  const text = signatureText(signature.content);
  return account ? fillSignatureText(text, signatureAccountValues(account)) : text;
}

/**
 * The signature rules of SPEC §4 for one compose session: the default signature goes once into
 * an empty body after two blank lines (above a quoted original); choosing another replaces it,
 * in a draft continued later too (it knows which one it holds); removing it means it is not put
 * back.
 */
export function useSignatureInsertion(): SignatureInsertion {
  const { t } = useTranslation('signatures');
  // The signatures page's cache: what was saved there is offered here without asking again.
  const all = useSignatureList();
  // SPEC §7: a default that cannot be read counts as none.
  const byDefault = useDefaultSignature();
  // The form's start (use-compose-form.ts) whose default signature was put in or passed over, and
  // the start in which the user took the signature out: a new mail gets the default again, the
  // same mail never twice. Refs, not state: they must hold across StrictMode's second effect run.
  const startNumber = useComposeForm((state) => state.startNumber);
  const selectedId = useComposeForm((state) => state.signatureId);
  const defaultHandledIn = useRef<number | null>(null);
  const removedIn = useRef<number | null>(null);

  const signatures = useMemo(() => {
    const active = (all.data ?? []).filter((signature) => signature.isActive);
    const found = byDefault.data;
    return found && !active.some((item) => item.id === found.id) ? [found, ...active] : active;
  }, [all.data, byDefault.data]);

  useEffect(() => {
    // A session that ended says so itself (its dialog signs in again); this would only add noise.
    const ended = all.error instanceof ApiError && all.error.status === 401;
    if (all.isError && !ended) toast.error(t('picker.error'));
  }, [all.isError, all.error, t]);

  useEffect(() => {
    const found = byDefault.data;
    // The store's, not the render's: a start made by an effect that ran just before this one counts.
    const form = useComposeForm.getState();
    if (!found || defaultHandledIn.current === form.startNumber || removedIn.current === form.startNumber)
      return;
    defaultHandledIn.current = form.startNumber;
    const text = bodyTextOf(found, form.account);
    // Only a new mail gets it (a reply: nothing typed above the quote); a continued draft keeps its own.
    const quote = form.quote ?? '';
    if (form.body !== quote || form.draftId !== null || form.signature !== null || text === '') return;
    const body = appendSignature('', text) + quote;
    if (selectHasUnsavedChanges(form)) form.setBody(body);
    // The signature is part of how a new mail starts, not a change that needs a leave warning.
    else form.load({ ...composeFieldsOf(form), body }, form.draftId);
    useComposeForm.getState().setSignature(text, found.id);
  }, [byDefault.data, startNumber]);

  const choose = useCallback(
    (id: number) => {
      const signature = signatures.find((item) => item.id === id);
      if (!signature) return;
      const form = useComposeForm.getState();
      const text = bodyTextOf(signature, form.account);
      form.setBody(replaceSignature(form.body, form.signature, text, form.quote));
      form.setSignature(text, id);
      removedIn.current = null;
      defaultHandledIn.current = form.startNumber;
      toast.success(t('picker.applied'));
    },
    [signatures, t],
  );

  const remove = useCallback(() => {
    const form = useComposeForm.getState();
    if (form.signature !== null) form.setBody(removeSignature(form.body, form.signature));
    form.setSignature(null);
    removedIn.current = form.startNumber;
    toast.success(t('picker.removed'));
  }, [t]);

  return { signatures, selectedId, choose, remove };
}
