import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { Spinner } from '@/components/ui/Spinner';
import { formatBytes } from '@/lib/sizes';
import { CloseIcon, FileIcon } from '@/components/ui/icons';

interface CompletedAttachmentsProps {
  attachments: Attachment[];
  removingIds: ReadonlySet<number>;
  locked: boolean;
  onRemove(attachment: Attachment): void;
}

/** The files already on the message, each with its size and a remove button. */
export function CompletedAttachments({
  attachments,
  removingIds,
  locked,
  onRemove,
}: CompletedAttachmentsProps) {
  const { t } = useTranslation('compose');
  if (attachments.length === 0) return null;
  const total = attachments.reduce((sum, attachment) => sum + attachment.sizeBytes, 0);

  return (
    <div>
      <p className="mb-1.5 text-xs font-medium text-gray-600">
        {t('attachments.completedTitle', { count: attachments.length, size: formatBytes(total) })}
      </p>
      <ul aria-label={t('attachments.completedList')} className="flex flex-col gap-1.5">
        {attachments.map((attachment) => {
          const removing = removingIds.has(attachment.id);
          return (
            <li
              key={attachment.id}
              className="flex items-center gap-2 rounded-lg border border-gray-200 bg-white px-3 py-1.5"
            >
              <FileIcon size={18} className="shrink-0 text-brand-500" />
              <span
                className="min-w-0 flex-1 truncate text-sm text-gray-800"
                title={attachment.originalFilename}
              >
                {attachment.originalFilename}
              </span>
              <span className="shrink-0 text-xs text-gray-500">{formatBytes(attachment.sizeBytes)}</span>
              <button
                type="button"
                disabled={locked || removing}
                onClick={() => onRemove(attachment)}
                aria-label={t('attachments.remove', { name: attachment.originalFilename })}
                className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-red-600 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {removing ? <Spinner size="sm" decorative /> : <CloseIcon size={16} />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
