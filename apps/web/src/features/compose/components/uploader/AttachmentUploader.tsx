import clsx from 'clsx';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import type { FileRules } from '@postline/shared/attachment-rules';
import { COMPOSE_MAX_FILE_BYTES, COMPOSE_MAX_FILES } from '@postline/shared/limits';
import { Button } from '@/components/ui/Button';
import { CompletedAttachments } from './CompletedAttachments';
import { UploadItemRow } from './UploadItemRow';
import { UploadSummary } from './UploadSummary';
import { UploadCloudIcon } from '@/components/ui/icons';
import { useAttachmentRules } from '../../queries';
import { useAttachmentUploads } from './use-attachment-uploads';
import { useFileDrop } from './use-file-drop';

export interface AttachmentUploaderProps {
  /** Attachments uploaded and on the message; compose keeps their ids. */
  value: Attachment[];
  onChange(next: Attachment[]): void;
  disabled?: boolean;
  /** The draft the files belong to, when there is one. */
  messageId?: number;
  /** Lets compose hold back sending until every file has arrived. */
  onUploadingChange?(uploading: boolean): void;
  /** Files dropped anywhere on the page attach, not only on the zone (compose, issue 34). */
  takesDropsAnywhere?: boolean;
}

/** Narrows the system file picker; the shared checks still decide (a picker can show "all files"). */
function pickerAccept(rules: FileRules): string {
  return [...rules.allowedMimeTypes, ...rules.allowedExtensions.map((ext) => `.${ext}`)].join(',');
}
const MAX_SIZE_MB = COMPOSE_MAX_FILE_BYTES / (1024 * 1024);

/** SPEC §2 and §5: the compose attachment uploader. */
export function AttachmentUploader({
  value,
  onChange,
  disabled = false,
  messageId,
  onUploadingChange,
  takesDropsAnywhere = false,
}: AttachmentUploaderProps) {
  const { t } = useTranslation('compose');
  const labelId = useId();
  const inputId = useId();
  const uploads = useAttachmentUploads({ value, onChange, messageId });
  // The server's list (ATTACHMENT_ALLOWED_TYPES), as the checks before upload use it.
  const rules = useAttachmentRules();
  const { isUploading, state } = uploads;
  const locked = disabled || isUploading;

  useEffect(() => {
    onUploadingChange?.(isUploading);
  }, [isUploading, onUploadingChange]);

  // The select button opens the picker; a click anywhere in the zone would surprise.
  const { zoneProps, inputProps, open, isDragActive, isPageDragActive } = useFileDrop(
    uploads.addFiles,
    locked,
    { anywhere: takesDropsAnywhere },
  );

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-3">
      <span id={labelId} className="text-sm font-medium text-gray-700">
        {t('attachments.label')}
      </span>
      <div
        {...zoneProps}
        className={clsx(
          'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors',
          isDragActive ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-gray-50',
          locked && 'opacity-60',
        )}
        data-testid="attachment-dropzone"
        aria-disabled={locked || undefined}
      >
        <UploadCloudIcon size={28} className={isDragActive ? 'text-brand-500' : 'text-gray-400'} />
        <p className="text-sm text-gray-700">
          {isDragActive ? t('attachments.dropActive') : t('attachments.dropzone')}
        </p>
        <label htmlFor={inputId} className="sr-only">
          {t('attachments.inputLabel')}
        </label>
        <input {...inputProps} id={inputId} accept={pickerAccept(rules)} />
        <Button variant="secondary" size="sm" onClick={open} disabled={locked}>
          {t('attachments.selectFiles')}
        </Button>
        <p className="text-xs text-gray-500">
          {t('attachments.limits', { maxFiles: COMPOSE_MAX_FILES, maxSize: MAX_SIZE_MB })}
        </p>
      </div>

      {isPageDragActive && (
        <div
          aria-hidden="true"
          data-testid="page-drop-overlay"
          className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center border-4 border-dashed border-brand-500 bg-brand-50/80"
        >
          <p className="flex items-center gap-2 rounded-xl bg-white px-5 py-3 text-base font-medium text-brand-700 shadow">
            <UploadCloudIcon size={24} />
            {t('attachments.dropActive')}
          </p>
        </div>
      )}

      {isUploading && <UploadSummary state={state} />}

      {state.items.length > 0 && (
        <ul aria-label={t('attachments.uploadList')} className="flex flex-col gap-1.5">
          {state.items.map((item) => (
            <UploadItemRow
              key={item.key}
              item={item}
              locked={locked}
              onRetry={uploads.retry}
              onRemove={uploads.dismiss}
            />
          ))}
        </ul>
      )}

      <CompletedAttachments
        attachments={value}
        removingIds={uploads.removingIds}
        locked={locked}
        onRemove={(attachment) => void uploads.removeCompleted(attachment)}
      />
    </div>
  );
}
