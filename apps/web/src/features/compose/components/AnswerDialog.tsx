import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message } from '@postline/shared/messages';
import { LeaveGuard } from '@/components/LeaveGuard';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { UnsavedChangesDialog } from '@/components/ui/UnsavedChangesDialog';
import { messageOf } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { startAnswer, type AnswerKind } from '../hooks/answer-start';
import { saveDraftNow } from '../hooks/draft-saving';
import { sendAnswer } from '../hooks/send-composition';
import { selectHasUnsavedChanges, useComposeForm, type ComposeAccount } from '../hooks/use-compose-form';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useLeaveSaving } from '../hooks/use-leave-saving';
import { useSentAnnouncement } from '../hooks/use-sent-announcement';
import { useUndoSendSeconds } from '../queries';
import { ComposerFields } from './ComposerFields';
import { DraftStatus } from './DraftStatus';
import { SendLaterMenu } from './SendLaterMenu';

export interface AnswerDialogProps {
  kind: AnswerKind;
  message: Message;
  account: ComposeAccount;
  /** The dialog is done (closed, or its mail sent): the page stays where it was. */
  onClose: () => void;
}

const TITLES = {
  REPLY: 'answer.replyTitle',
  REPLY_ALL: 'answer.replyAllTitle',
  FORWARD: 'answer.forwardTitle',
};

/**
 * Reply, reply all and forward as full composers (SPEC §2, issue 34): recipients, subject, the
 * signature picker, attachments, the quoted original for a reply; the draft saves itself; closing
 * with unsaved changes asks as leaving the compose page does; "open in full compose" carries the
 * mail over; after sending the user stays on the message.
 */
export function AnswerDialog({ kind, message, account, onClose }: AnswerDialogProps) {
  const { t, i18n } = useTranslation('compose');
  const navigate = useNavigate();
  const formId = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [loading, setLoading] = useState(true);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'send' | 'full' | null>(null);
  const [uploading, setUploading] = useState(false);
  const dirty = useComposeForm(selectHasUnsavedChanges);
  const leaveSaving = useLeaveSaving();
  const allowLeave = useRef(false);
  const handOver = useRef(false);
  useDraftAutosave(handOver);
  const announce = useSentAnnouncement();
  useUndoSendSeconds(); // known before Send: a held mail's draft is saved first (send-composition.ts)

  useEffect(() => {
    let live = true;
    setLoading(true);
    useComposeForm.getState().setAccount(account);
    // The quote's language is the one the dialog opened in; switching later keeps what was typed.
    void startAnswer(kind, message, account, i18n.resolvedLanguage ?? i18n.language, () => live).finally(
      () => {
        if (live) setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, message.id, account.id]);

  // The answer is written above the quote: the cursor waits at the very top.
  useLayoutEffect(() => {
    const area = bodyRef.current;
    if (loading || !area) return;
    area.focus();
    area.setSelectionRange(0, 0);
    area.scrollTop = 0;
  }, [loading]);

  function requestClose() {
    if (asking || busy !== null) return;
    if (selectHasUnsavedChanges(useComposeForm.getState())) setAsking(true);
    else onClose();
  }

  async function send(sendAt?: Date) {
    if (busy !== null || uploading) return;
    setBusy('send');
    try {
      const at = sendAt?.toISOString();
      const outcome = await sendAnswer(at);
      if (outcome.kind === 'problem') {
        toast.error(t(`toast.${outcome.problem}`));
        return;
      }
      announce(outcome.sent, t(kind === 'FORWARD' ? 'answer.forwardSent' : 'answer.replySent'), at);
      onClose();
    } catch (error) {
      toast.error(`${t('toast.sendError')} ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  }

  async function openFull() {
    setBusy('full');
    const outcome = await saveDraftNow();
    setBusy(null);
    handOver.current = true;
    allowLeave.current = true;
    const draftId = outcome.kind === 'saved' ? outcome.draftId : null;
    navigate(draftId !== null ? `${paths.compose}?draftId=${draftId}` : `${paths.compose}?continue=1`);
  }

  const locked = busy !== null || uploading || loading;
  return (
    <>
      <Modal
        open
        onClose={requestClose}
        size="xl"
        initialFocusRef={bodyRef}
        title={t(TITLES[kind])}
        description={t(kind === 'FORWARD' ? 'answer.forwarding' : 'answer.replyingTo', {
          subject: message.subject,
        })}
        footer={
          <>
            <div className="mr-auto self-center">
              <DraftStatus />
            </div>
            <Button
              variant="ghost"
              onClick={() => void openFull()}
              disabled={locked}
              isLoading={busy === 'full'}
            >
              {t('answer.openFull')}
            </Button>
            <Button variant="secondary" onClick={requestClose}>
              {t('answer.cancel')}
            </Button>
            <SendLaterMenu disabled={locked} onPick={(at) => void send(at)} />
            <Button type="submit" form={formId} isLoading={busy === 'send'} disabled={locked}>
              {busy === 'send'
                ? t('answer.sending')
                : t(kind === 'FORWARD' ? 'answer.forwardSend' : 'answer.send')}
            </Button>
          </>
        }
      >
        {loading ? (
          <LoadingBlock label={t('answer.loading')} />
        ) : (
          <form
            id={formId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
            className="space-y-4"
          >
            <ComposerFields
              bodyRows={10}
              bodyRef={bodyRef}
              templates={false}
              disabled={busy !== null}
              onUploadingChange={setUploading}
            />
            {kind === 'FORWARD' && <p className="text-xs text-gray-500">{t('answer.originalNote')}</p>}
          </form>
        )}
      </Modal>
      <UnsavedChangesDialog
        open={asking}
        title={t('confirm.unsavedTitle')}
        message={t('confirm.unsavedMessage')}
        keepLabel={t('confirm.keepWriting')}
        saveLabel={t('confirm.saveDraft')}
        discardLabel={t('confirm.discardChanges')}
        onKeep={() => setAsking(false)}
        onSave={async () => {
          const saved = await leaveSaving.onSave();
          setAsking(false);
          if (saved) onClose();
        }}
        onDiscard={async () => {
          await leaveSaving.onDiscard();
          setAsking(false);
          onClose();
        }}
      />
      <LeaveGuard
        when={dirty && busy !== 'send'}
        allowRef={allowLeave}
        title={t('confirm.unsavedTitle')}
        message={t('confirm.unsavedMessage')}
        confirmLabel={t('confirm.discardChanges')}
        cancelLabel={t('confirm.keepWriting')}
        saving={leaveSaving}
      />
    </>
  );
}
