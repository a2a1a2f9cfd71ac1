import { useEffect, useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useComposeForm } from '../hooks/use-compose-form';
import { RecipientFields } from './RecipientFields';
import { SignaturePicker } from './SignaturePicker';
import { TemplatePicker } from './TemplatePicker';
import { ComposeAttachments } from './uploader/ComposeAttachments';

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';

interface ComposerFieldsProps {
  bodyRows: number;
  bodyRef?: Ref<HTMLTextAreaElement>;
  /** A template replaces the body: offered for a new mail, not under a quoted original. */
  templates: boolean;
  disabled: boolean;
  onUploadingChange: (uploading: boolean) => void;
  /**
   * The first field still empty (To, else the subject, else the body) takes the focus as the
   * composer opens (issue 34); the answer dialogs put the cursor above the quote themselves.
   */
  focusOnOpen?: boolean;
}

/**
 * What every composer holds (SPEC §2, issue 34): recipients, subject, template and signature
 * choice, body and attachments, all on the compose form's store. The compose page and the reply
 * and forward dialogs show the same fields.
 */
export function ComposerFields({
  bodyRows,
  bodyRef,
  templates,
  disabled,
  onUploadingChange,
  focusOnOpen = false,
}: ComposerFieldsProps) {
  const { t } = useTranslation('compose');
  const id = useId();
  const subject = useComposeForm((state) => state.subject);
  const setSubject = useComposeForm((state) => state.setSubject);
  const body = useComposeForm((state) => state.body);
  const setBody = useComposeForm((state) => state.setBody);

  // After the start of the form has filled it (a layout effect of the page), so a continued draft
  // or an answer with its recipients and subject goes on in the body.
  useEffect(() => {
    if (!focusOnOpen) return;
    const form = useComposeForm.getState();
    const field = form.to.length === 0 ? 'to' : form.subject.trim() === '' ? 'subject' : 'body';
    document.getElementById(`${id}-${field}`)?.focus();
    // Once, as the composer opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <RecipientFields toId={`${id}-to`} />
      <div>
        <label htmlFor={`${id}-subject`} className="mb-1 block text-sm font-medium text-gray-700">
          {t('fields.subject')}
        </label>
        <input
          id={`${id}-subject`}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          className={inputClass}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2" data-testid="compose-pickers">
        {templates && <TemplatePicker />}
        <SignaturePicker />
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="mb-1 block text-sm font-medium text-gray-700">
          {t('fields.body')}
        </label>
        <textarea
          id={`${id}-body`}
          ref={bodyRef}
          rows={bodyRows}
          value={body}
          placeholder={t('fields.bodyPlaceholder')}
          onChange={(event) => setBody(event.target.value)}
          className={`${inputClass} leading-relaxed`}
        />
      </div>
      {/* attachments-uploader */}
      <ComposeAttachments disabled={disabled} onUploadingChange={onUploadingChange} />
    </>
  );
}
