import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LeaveGuard } from '@/components/LeaveGuard';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadingBlock } from '@/components/ui/Spinner';
import { paths } from '@/lib/paths';
import { useComposeActions } from '../hooks/use-compose-actions';
import { selectHasUnsavedChanges, useComposeForm } from '../hooks/use-compose-form';
import { useComposeStart } from '../hooks/use-compose-start';
import { RecipientFields } from './RecipientFields';
import { SignaturePicker } from './SignaturePicker';
import { TemplatePicker } from './TemplatePicker';
import { ComposeAttachments } from './uploader/ComposeAttachments';

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';

/** /compose (SPEC §2): recipients, subject, body, send, save draft, cancel. */
export function ComposePage() {
  const { t } = useTranslation('compose');
  const navigate = useNavigate();
  const location = useLocation();
  const formId = useId();
  const { loading } = useComposeStart();
  const { subject, setSubject, body, setBody, draftId } = useComposeForm();
  const dirty = useComposeForm(selectHasUnsavedChanges);
  const allowLeave = useRef(false);
  const { busy, send, saveAsDraft } = useComposeActions(allowLeave);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // A message sent or saved while files are still uploading would go without them.
  const [uploading, setUploading] = useState(false);
  const locked = busy !== null || uploading;

  // A later visit starts from what the server has, not from what was left here.
  useEffect(() => () => useComposeForm.getState().load(), []);

  function leaveAfterCancel() {
    setConfirmCancel(false);
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
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!locked) void send();
        }}
        className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <RecipientFields />
        <div>
          <label htmlFor={`${formId}-subject`} className="mb-1 block text-sm font-medium text-gray-700">
            {t('fields.subject')}
          </label>
          <input
            id={`${formId}-subject`}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2" data-testid="compose-pickers">
          <TemplatePicker />
          <SignaturePicker />
        </div>
        <div>
          <label htmlFor={`${formId}-body`} className="mb-1 block text-sm font-medium text-gray-700">
            {t('fields.body')}
          </label>
          <textarea
            id={`${formId}-body`}
            rows={14}
            value={body}
            placeholder={t('fields.bodyPlaceholder')}
            onChange={(event) => setBody(event.target.value)}
            className={`${inputClass} leading-relaxed`}
          />
        </div>
        {/* attachments-uploader */}
        <ComposeAttachments disabled={busy !== null} onUploadingChange={setUploading} />
        <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
          <Button type="submit" isLoading={busy === 'send'} disabled={locked}>
            {busy === 'send' ? t('actions.sending') : t('actions.send')}
          </Button>
          <Button
            variant="secondary"
            isLoading={busy === 'draft'}
            disabled={locked}
            onClick={() => void saveAsDraft()}
          >
            {t('actions.saveDraft')}
          </Button>
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
        onConfirm={leaveAfterCancel}
      />
      <LeaveGuard
        when={dirty && busy !== 'send'}
        allowRef={allowLeave}
        title={t('confirm.leave')}
        confirmLabel={t('confirm.leaveConfirm')}
        cancelLabel={t('confirm.keepWriting')}
      />
    </section>
  );
}
