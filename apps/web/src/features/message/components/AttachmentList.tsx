import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { PaperclipIcon } from '@/components/ui/icons';
import { AttachmentListItem } from './AttachmentListItem';

interface AttachmentListProps {
  attachments: Attachment[];
}

/** SPEC §2 message view: the attachment count and a row per file with its download button. */
export function AttachmentList({ attachments }: AttachmentListProps) {
  const { t } = useTranslation('message');
  const headingId = useId();
  if (attachments.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="border-t border-gray-200 pt-4">
      <h2 id={headingId} className="mb-3 flex items-center gap-1.5 text-sm font-semibold text-gray-800">
        <PaperclipIcon size={16} className="text-gray-500" />
        {t('attachments.count', { count: attachments.length })}
      </h2>
      <ul aria-label={t('attachments.title')} className="grid gap-2 sm:grid-cols-2">
        {attachments.map((attachment) => (
          <AttachmentListItem key={attachment.id} attachment={attachment} />
        ))}
      </ul>
    </section>
  );
}
