import i18next from 'i18next';
import { useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_PATTERN } from '@postline/shared/limits';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { queryClient } from '@/lib/query-client';
import { messageQuery } from '@/lib/resources/message';
import { useComposeForm } from './use-compose-form';

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
 * Fills the form when /compose opens: ?draftId= continues that draft; ?to=, ?cc=, ?bcc=, ?subject=
 * and ?body= (a mailto: link in a mail, RFC 6068) start a message with them; anything else starts
 * empty. Answers whether a draft is still loading.
 */
export function useComposeStart(): { loading: boolean } {
  const [query] = useSearchParams();
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
    const { start, draftId: current } = useComposeForm.getState();
    // Saving a new draft writes ?draftId= into the address; that is the same message, keep it.
    if (draftId !== null && current === draftId) {
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
    queryClient
      .fetchQuery({ ...messageQuery(draftId), staleTime: 0 })
      .then((draft) => {
        if (!live) return;
        start(
          {
            to: draft.toAddresses,
            cc: draft.ccAddresses,
            bcc: draft.bccAddresses,
            subject: draft.subject,
            body: draft.bodyText,
            attachmentIds: draft.attachmentIds,
          },
          draft.isDraft ? draft.id : null,
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
  }, [draftId, toParam, ccParam, bccParam, subjectParam, bodyParam]);

  return { loading };
}
