import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { HtmlFrame, type FrameSender } from './HtmlFrame';

interface MessageBodyProps {
  text: string;
  html: string | null;
  /** The message's parts: inline `cid:` images of the HTML come from here. */
  attachments: Attachment[];
  /** Where the whole message is, when the server kept only part of a long body (bodyClipped). */
  clippedOriginalHref?: string | null;
  /** Whose remote images may show without asking (HtmlFrame). */
  sender?: FrameSender;
}

/** Gmail's "[Message clipped]": the server keeps only so much of a long body to show. */
function ClippedNotice({ href }: { href: string }) {
  const { t } = useTranslation('message');
  return (
    <p
      role="note"
      className="mt-4 rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700"
      data-testid="body-clipped"
    >
      {t('body.clipped')}{' '}
      <a href={href} target="_blank" rel="noopener" className="font-medium text-brand-600 hover:underline">
        {t('body.viewEntire')}
      </a>
    </p>
  );
}

/**
 * The HTML version in a sandboxed frame when the mail has one (as Gmail and Roundcube show it),
 * the plain text on request or when it is all there is, line breaks kept.
 */
export function MessageBody({ text, html, attachments, clippedOriginalHref, sender }: MessageBodyProps) {
  const { t } = useTranslation('message');
  const hasText = text.trim() !== '';
  const hasHtml = Boolean(html && html.trim() !== '');
  const [showHtml, setShowHtml] = useState(hasHtml);

  const clipped = clippedOriginalHref ? <ClippedNotice href={clippedOriginalHref} /> : null;
  if (!hasText && html && hasHtml)
    return (
      <div>
        <HtmlFrame html={html} attachments={attachments} sender={sender} />
        {clipped}
      </div>
    );
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
        <HtmlFrame html={html} attachments={attachments} sender={sender} />
      ) : (
        <div
          data-testid="message-body"
          className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-gray-800"
        >
          {hasText ? text : t('body.empty')}
        </div>
      )}
      {clipped}
    </div>
  );
}
