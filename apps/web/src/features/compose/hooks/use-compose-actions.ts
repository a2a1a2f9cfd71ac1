import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { saveDraft } from '../api/save-draft';
import { sendMessage } from '../api/send-message';
import { composeFieldsOf, useComposeForm } from './use-compose-form';

function requestOf() {
  const state = useComposeForm.getState();
  const fields = composeFieldsOf(state);
  return {
    fields,
    draftId: state.draftId,
    body: {
      toAddresses: fields.to,
      ccAddresses: fields.cc,
      bccAddresses: fields.bcc,
      subject: fields.subject.trim(),
      bodyText: fields.body,
      attachmentIds: fields.attachmentIds,
    },
  };
}

/**
 * The send and draft checks run the server's zod schemas: loaded at the first press rather than
 * with the page, whose first render zod's 23 kB would otherwise slow on a phone (issue 17).
 */
const loadChecks = () => import('../validation');

/**
 * Send and Save draft with the checks and toasts of SPEC §5 and §8. `allowLeave` lets the page's
 * own navigation past the unsaved-changes guard.
 */
export function useComposeActions(allowLeave: RefObject<boolean>) {
  const { t } = useTranslation('compose');
  const navigate = useNavigate();
  const [, setQuery] = useSearchParams();
  const [busy, setBusy] = useState<'send' | 'draft' | null>(null);

  async function send() {
    const { fields, draftId, body } = requestOf();
    setBusy('send');
    try {
      const problem = (await loadChecks()).sendProblem(fields);
      if (problem) {
        toast.error(t(`toast.${problem}`));
        return;
      }
      await sendMessage({ ...body, ...(draftId !== null ? { draftId } : {}) });
      toast.success(t('toast.sent'));
      allowLeave.current = true;
      navigate(paths.mailbox('sent'));
    } catch (error) {
      toast.error(`${t('toast.sendError')} ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  }

  async function saveAsDraft() {
    const { fields, draftId, body } = requestOf();
    setBusy('draft');
    try {
      const problem = (await loadChecks()).draftProblem(fields);
      if (problem) {
        toast.error(t(`toast.${problem}`));
        return;
      }
      const saved = await saveDraft(body, draftId);
      useComposeForm.getState().markSaved(saved.id);
      toast.success(t('toast.draftSaved'));
      if (draftId === null) {
        // A reload or Back now returns to this draft rather than a blank form.
        allowLeave.current = true;
        setQuery({ draftId: String(saved.id) }, { replace: true });
        allowLeave.current = false;
      }
    } catch (error) {
      toast.error(`${t('toast.draftError')} ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  }

  return { busy, send, saveAsDraft };
}
