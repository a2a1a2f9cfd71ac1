import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LeaveGuard } from '@/components/LeaveGuard';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadingBlock } from '@/components/ui/Spinner';
import { paths } from '@/lib/paths';
import { discardComposition } from '../hooks/draft-saving';
import { useComposeActions } from '../hooks/use-compose-actions';
import { selectHasUnsavedChanges, useComposeForm, type ComposeAccount } from '../hooks/use-compose-form';
import { useComposeStart } from '../hooks/use-compose-start';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useLeaveSaving } from '../hooks/use-leave-saving';
import { useUndoSendSeconds } from '../queries';
import { ComposerFields } from './ComposerFields';
import { DraftStatus } from './DraftStatus';
import { ScheduledBanner } from './ScheduledBanner';
import { SendLaterMenu } from './SendLaterMenu';

/**
 * /compose (SPEC §2): recipients, subject, body, send, save draft, cancel. The draft saves itself
 * (issue 34); a reply or forward opened here from its dialog is sent as one.
 */
export function ComposePage({ account }: { account: ComposeAccount }) {
  const { t } = useTranslation('compose');
  const navigate = useNavigate();
  const location = useLocation();
  const formId = useId();
  const { loading } = useComposeStart(account);
  const draftId = useComposeForm((state) => state.draftId);
  const context = useComposeForm((state) => state.context);
  const dirty = useComposeForm(selectHasUnsavedChanges);
  const allowLeave = useRef(false);
  const { busy, send, saveAsDraft, showDraftInAddress } = useComposeActions(allowLeave);
  const [query] = useSearchParams();
  const draftInAddress = query.get('draftId');
  const leaving = useRef(false);
  const leaveSaving = useLeaveSaving(leaving);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // A message sent or saved while files are still uploading would go without them.
  const [uploading, setUploading] = useState(false);
  const locked = busy !== null || uploading;
  useDraftAutosave();
  useUndoSendSeconds(); // known before Send: a held mail's draft is saved first (send-composition.ts)

  // Once the mail has a draft (saved by itself too), a reload or Back returns to it.
  useEffect(() => {
    if (draftId !== null && draftInAddress !== String(draftId) && !leaving.current)
      showDraftInAddress(draftId);
    // showDraftInAddress is made anew each render; what decides is the draft and the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftId, draftInAddress]);

  async function leaveAfterCancel() {
    setConfirmCancel(false);
    await discardComposition();
    allowLeave.current = true;
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.dashboard);
  }

  if (loading) {
    return (
      <section>
        <PageHeader title={t('title')} />
        <LoadingBlock label={t('loadingDraft')} />
      </section>
    );
  }

  return (
    <section>
      <PageHeader title={t('title')} subtitle={draftId !== null ? t('editingDraft') : undefined} />
      <ScheduledBanner
        onSentNow={() => {
          allowLeave.current = true;
          navigate(paths.mailList('sent'));
        }}
      />
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!locked) void send();
        }}
        className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      >
        {context.kind === 'FORWARD' && <p className="text-sm text-gray-600">{t('answer.originalNote')}</p>}
        <ComposerFields
          bodyRows={14}
          templates={context.kind === 'NEW'}
          disabled={busy !== null}
          onUploadingChange={setUploading}
          focusOnOpen
        />
        <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
          <Button type="submit" isLoading={busy === 'send'} disabled={locked}>
            {busy === 'send' ? t('actions.sending') : t('actions.send')}
          </Button>
          <SendLaterMenu disabled={locked} onPick={(at) => void send(at)} />
          <Button
            variant="secondary"
            isLoading={busy === 'draft'}
            disabled={locked}
            onClick={() => void saveAsDraft()}
          >
            {t('actions.saveDraft')}
          </Button>
          <DraftStatus />
          <Button variant="ghost" className="ml-auto" onClick={() => setConfirmCancel(true)}>
            {t('actions.cancel')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmCancel}
        tone="danger"
        title={t('confirm.cancelTitle')}
        message={dirty ? t('confirm.cancelMessage') : undefined}
        confirmLabel={t('confirm.discard')}
        cancelLabel={t('confirm.keepWriting')}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => void leaveAfterCancel()}
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
    </section>
  );
}
