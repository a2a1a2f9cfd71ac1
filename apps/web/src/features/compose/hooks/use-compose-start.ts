import i18next from 'i18next';
import { useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_PATTERN } from '@postline/shared/limits';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { fetchDraft } from '../api/get-draft';
import { readUnsent, unsentKey } from '../unsent-mail';
import { EMPTY_COMPOSE, useComposeForm, type ComposeAccount } from './use-compose-form';

/** Addresses of a comma-separated query value; invalid ones are dropped (and reported). */
function addressesOf(value: string | null): { valid: string[]; invalid: boolean } {
  const all = (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const valid = all.filter((address) => EMAIL_PATTERN.test(address));
  return { valid, invalid: valid.length < all.length };
}

/**
 * Fills the form when /compose opens: ?draftId= continues that draft (with what this browser kept
 * of it that the server does not have yet); ?continue keeps the mail the form holds (a reply opened
 * in the full composer); ?to=, ?cc=, ?bcc=, ?subject= and ?body= (a mailto: link in a mail, RFC
 * 6068) start a message with them; anything else starts empty, or with the new mail this browser
 * kept unsent (issue 34). Answers whether a draft is still loading.
 */
export function useComposeStart(account: ComposeAccount): { loading: boolean } {
  const [query] = useSearchParams();
  const keep = query.has('continue');
  const draftParam = query.get('draftId');
  const toParam = query.get('to');
  const ccParam = query.get('cc');
  const bccParam = query.get('bcc');
  const subjectParam = query.get('subject');
  const bodyParam = query.get('body');
  const draftId = draftParam && /^\d+$/.test(draftParam) ? Number(draftParam) : null;
  const [loading, setLoading] = useState(draftId !== null);

  // A layout effect: the form is filled before the page paints, so it never shows the fields the
  // last mail left in the store for a frame. Each run is a new start (StrictMode runs it twice,
  // after the page's own cleanup has emptied the form): the signature picker puts the default
  // signature into every start once (use-signature-insertion.ts), whichever effect runs first.
  useLayoutEffect(() => {
    // Not useTranslation's `t` (or its i18n): both change with the language, and switching the
    // language on this page must not start the form again and empty what the user has written.
    const t = i18next.getFixedT(null, 'compose');
    useComposeForm.getState().setAccount(account);
    const { start, draftId: current, startNumber } = useComposeForm.getState();
    // Saving a new draft writes ?draftId= into the address; that is the same message, keep it.
    if ((draftId !== null && current === draftId) || (keep && startNumber > 0 && draftId === null)) {
      setLoading(false);
      return;
    }
    const noParams = [toParam, ccParam, bccParam, subjectParam, bodyParam].every((value) => value === null);
    const kept = noParams && draftId === null ? readUnsent(account.id, 'new') : null;
    if (kept) {
      start(EMPTY_COMPOSE, null, {
        unsaved: kept.fields,
        signature: kept.signature,
        signatureId: kept.signatureId,
      });
      toast.success(t('toast.restored'), { id: 'compose-restored' });
      setLoading(false);
      return;
    }
    if (draftId === null) {
      const to = addressesOf(toParam);
      const cc = addressesOf(ccParam);
      const bcc = addressesOf(bccParam);
      if (to.invalid || cc.invalid || bcc.invalid) toast.error(t('toast.invalidEmail'));
      start({
        to: to.valid,
        cc: cc.valid,
        bcc: bcc.valid,
        subject: subjectParam ?? '',
        body: bodyParam ?? '',
      });
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    // Always read anew (staleTime 0): a draft saved on another device must not open as it was.
    fetchDraft(draftId)
      .then(({ message: draft, context, recipients }) => {
        if (!live) return;
        const local = draft.isDraft ? readUnsent(account.id, unsentKey(draft.id, context)) : null;
        start(
          {
            // As written, names and all (issue 34); the message's lists hold the addresses only.
            to: recipients.to,
            cc: recipients.cc,
            bcc: recipients.bcc,
            subject: draft.subject,
            body: draft.bodyText,
            attachmentIds: draft.attachmentIds,
          },
          draft.isDraft ? draft.id : null,
          {
            context: { kind: context.kind, originalMessageId: context.originalMessageId },
            signature: local ? local.signature : context.signatureText,
            signatureId: local ? local.signatureId : context.signatureId,
            ...(local ? { unsaved: local.fields } : {}),
            // A mail waiting to go is dated with its time (issue 36).
            waitingUntil: draft.mailboxType === 'SCHEDULED' ? draft.receivedAt : null,
          },
        );
      })
      .catch((error: unknown) => {
        if (!live) return;
        toast.error(`${t('toast.draftLoadError')} ${messageOf(error)}`);
        start();
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
    // The account is read when the form starts; a new name later must not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftId, keep, toParam, ccParam, bccParam, subjectParam, bodyParam]);

  return { loading };
}
