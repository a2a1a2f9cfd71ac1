import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { AttachmentListItem } from './AttachmentListItem';

interface AttachmentListProps {
  attachments: Attachment[];
}

/** SPEC §2 message view: the attachment count and a row per file with its download button. */
export function AttachmentList({ attachments }: AttachmentListProps) {
  const { t } = useTranslation('messageDetail');
  const headingId = useId();
  if (attachments.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="border-t border-gray-200 pt-4">
      <h2 id={headingId} className="mb-3 flex items-center gap-1.5 text-sm font-semibold text-gray-800">
        <PaperclipIcon />
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

function PaperclipIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="text-gray-500"
    >
      <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
    </svg>
  );
}
