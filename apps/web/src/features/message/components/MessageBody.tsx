import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { HtmlFrame } from './HtmlFrame';

interface MessageBodyProps {
  text: string;
  html: string | null;
  /** The message's parts: inline `cid:` images of the HTML come from here. */
  attachments: Attachment[];
}

/**
 * The HTML version in a sandboxed frame when the mail has one (as Gmail and Roundcube show it),
 * the plain text on request or when it is all there is, line breaks kept.
 */
export function MessageBody({ text, html, attachments }: MessageBodyProps) {
  const { t } = useTranslation('messageDetail');
  const hasText = text.trim() !== '';
  const hasHtml = Boolean(html && html.trim() !== '');
  const [showHtml, setShowHtml] = useState(hasHtml);

  if (!hasText && html && hasHtml) return <HtmlFrame html={html} attachments={attachments} />;
  return (
    <div>
      {hasHtml && (
        <div className="mb-3 text-right">
          <button
            type="button"
            onClick={() => setShowHtml((value) => !value)}
            className="text-sm font-medium text-brand-600 hover:underline"
          >
            {showHtml ? t('body.showText') : t('body.showHtml')}
          </button>
        </div>
      )}
      {showHtml && html ? (
        <HtmlFrame html={html} attachments={attachments} />
      ) : (
        <div
          data-testid="message-body"
          className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-gray-800"
        >
          {hasText ? text : t('body.empty')}
        </div>
      )}
    </div>
  );
}
