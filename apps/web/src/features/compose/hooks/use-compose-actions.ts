import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { sendAnswer } from './send-composition';
import { saveDraftNow } from './draft-saving';
import { useSentAnnouncement } from './use-sent-announcement';

/**
 * Send and Save draft on the compose page with the checks and toasts of SPEC §5 and §8.
 * `allowLeave` lets the page's own navigation past the unsaved-changes guard.
 */
export function useComposeActions(allowLeave: RefObject<boolean>) {
  const { t } = useTranslation('compose');
  const navigate = useNavigate();
  const [, setQuery] = useSearchParams();
  const [busy, setBusy] = useState<'send' | 'draft' | null>(null);
  const announce = useSentAnnouncement();

  /** Send, or with `sendAt` send later (issue 36). */
  async function send(sendAt?: Date) {
    setBusy('send');
    try {
      const at = sendAt?.toISOString();
      const outcome = await sendAnswer(at);
      if (outcome.kind === 'problem') {
        toast.error(t(`toast.${outcome.problem}`));
        return;
      }
      announce(outcome.sent, t('toast.sent'), at);
      allowLeave.current = true;
      // An answer opened in the full composer goes back to the message it answers (issue 34);
      // a mail sent later is in Scheduled until its time.
      const original = outcome.context.originalMessageId;
      if (at) navigate(paths.mailList('scheduled'));
      else navigate(original !== null ? paths.message(original) : paths.mailList('sent'));
    } catch (error) {
      toast.error(`${t('toast.sendError')} ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  }

  /** The explicit button: the same save as the automatic one, but said out loud. */
  async function saveAsDraft(): Promise<boolean> {
    setBusy('draft');
    try {
      const outcome = await saveDraftNow();
      if (outcome.kind === 'invalid') {
        toast.error(t(`toast.${outcome.problem}`));
        return false;
      }
      if (outcome.kind === 'failed') {
        toast.error(`${t('toast.draftError')} ${messageOf(outcome.error)}`);
        return false;
      }
      if (outcome.kind === 'empty') {
        toast.error(t('toast.draftSubjectRequired'));
        return false;
      }
      toast.success(t('toast.draftSaved'));
      return true;
    } finally {
      setBusy(null);
    }
  }

  /** A reload or Back now returns to this draft rather than a blank form. */
  function showDraftInAddress(draftId: number) {
    allowLeave.current = true;
    setQuery({ draftId: String(draftId) }, { replace: true });
    allowLeave.current = false;
  }

  return { busy, send, saveAsDraft, showDraftInAddress };
}
