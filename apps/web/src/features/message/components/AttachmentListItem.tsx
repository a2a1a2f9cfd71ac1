import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { fileExtension } from '@postline/shared/file-names';
import { Button } from '@/components/ui/Button';
import { toast } from '@/components/ui/toast';
import { formatBytes } from '@/lib/sizes';
import { useAttachmentPreview } from '../hooks/use-attachment-preview';
import { downloadAttachment } from '../api/download-attachment';
import { AttachmentKindIcon, attachmentKind, canPreview } from './attachment-kind';

/** One attachment: a thumbnail or type icon, its name, type and size, and the download button. */
export function AttachmentListItem({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('message');
  const [downloading, setDownloading] = useState(false);
  const name = attachment.originalFilename;
  const previewUrl = useAttachmentPreview(
    attachment.id,
    canPreview(attachment.contentType, attachment.sizeBytes),
  );
  const typeLabel = fileExtension(name).toUpperCase() || attachment.contentType;

  async function download(): Promise<void> {
    setDownloading(true);
    try {
      await downloadAttachment(attachment.id, name);
    } catch {
      toast.error(t('toast.downloadError'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-2.5">
      {previewUrl ? (
        <img
          src={previewUrl}
          alt={t('attachments.previewAlt', { name })}
          className="h-10 w-10 shrink-0 rounded-lg border border-gray-100 object-cover"
        />
      ) : (
        <AttachmentKindIcon kind={attachmentKind(attachment.contentType, name)} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-800" title={name}>
          {name}
        </p>
        <p className="text-xs text-gray-500">
          {typeLabel} · {formatBytes(attachment.sizeBytes)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        isLoading={downloading}
        onClick={() => void download()}
        aria-label={t('attachments.downloadLabel', { name })}
      >
        {t('attachments.download')}
      </Button>
    </li>
  );
}
