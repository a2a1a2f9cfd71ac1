import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { toast } from '@/components/ui/toast';
import { downloadAttachment } from '../api/download-attachment';
import { PaperclipIcon } from './message-icons';

/**
 * A plain list of the attachments with a download button each. Stand-in until the attachments
 * work brings AttachmentList.tsx, which replaces this at the attachment-list spot of MessagePage.
 */
export function AttachmentLinks({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation('messageDetail');
  const [busy, setBusy] = useState<number | null>(null);
  if (attachments.length === 0) return null;

  async function download(attachment: Attachment) {
    setBusy(attachment.id);
    try {
      await downloadAttachment(attachment.id, attachment.displayName || attachment.originalFilename);
    } catch {
      toast.error(t('toast.downloadError'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-label={t('fields.attachments', { count: attachments.length })}
      className="mt-6 border-t border-gray-100 pt-4"
    >
      <ul className="flex flex-wrap gap-2">
        {attachments.map((attachment) => (
          <li
            key={attachment.id}
            className="flex items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 py-1.5 pr-1.5 pl-3 text-sm"
          >
            <PaperclipIcon size={15} className="text-gray-500" />
            <span className="max-w-64 truncate text-gray-800">
              {attachment.displayName || attachment.originalFilename}
            </span>
            <span className="text-xs text-gray-500">{attachment.formattedSize}</span>
            <button
              type="button"
              disabled={busy === attachment.id}
              onClick={() => void download(attachment)}
              aria-label={t('actions.downloadFile', {
                name: attachment.displayName || attachment.originalFilename,
              })}
              className="rounded-md px-2 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 disabled:opacity-50"
            >
              {t('actions.download')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
