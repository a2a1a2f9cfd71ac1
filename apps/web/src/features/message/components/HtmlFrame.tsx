import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { useInlineImages } from '../api/inline-images';
import { buildFrameDocument, FRAME_SANDBOX } from '../html-body';

const MIN_HEIGHT = 80;

/**
 * An HTML body in a frame without scripts and without the app's origin; links open new tabs and
 * remote images wait for the user. The frame is as tall as its content: a second, invisible frame
 * of the same width (same origin but equally without scripts, so nothing in the mail can run or
 * reach the app) is measured after everything in it has loaded, because the visible frame's
 * opaque origin cannot be read.
 */
export function HtmlFrame({ html, attachments }: { html: string; attachments: Attachment[] }) {
  const { t } = useTranslation('messageDetail');
  const [allowRemote, setAllowRemote] = useState(false);
  const inlineImages = useInlineImages(html, attachments);
  const frame = useMemo(
    () => buildFrameDocument(html, { allowRemote, inlineImages }),
    [html, allowRemote, inlineImages],
  );
  const visibleRef = useRef<HTMLIFrameElement>(null);
  const measureRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT);

  useEffect(() => {
    const visible = visibleRef.current;
    const measure = measureRef.current;
    if (!visible || !measure) return;
    const update = () => {
      const doc = measure.contentDocument;
      if (!doc?.documentElement) return;
      measure.style.width = `${visible.clientWidth}px`;
      const content = Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0);
      setHeight(Math.max(MIN_HEIGHT, Math.ceil(content)));
    };
    const observer = new ResizeObserver(update);
    observer.observe(visible);
    measure.addEventListener('load', update);
    update();
    return () => {
      observer.disconnect();
      measure.removeEventListener('load', update);
    };
  }, [frame.srcdoc]);

  return (
    <div className="relative">
      {frame.hasRemoteContent && !allowRemote && (
        <div className="mb-3 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-800">
          <span>{t('body.imagesBlocked')}</span>
          <button
            type="button"
            onClick={() => setAllowRemote(true)}
            className="font-medium underline underline-offset-2"
          >
            {t('body.showImages')}
          </button>
        </div>
      )}
      <iframe
        ref={visibleRef}
        title={t('body.frameTitle')}
        sandbox={FRAME_SANDBOX}
        srcDoc={frame.srcdoc}
        referrerPolicy="no-referrer"
        style={{ height }}
        className="block w-full rounded-lg border border-gray-100"
      />
      <iframe
        ref={measureRef}
        aria-hidden="true"
        tabIndex={-1}
        title=""
        sandbox="allow-same-origin"
        srcDoc={frame.srcdoc}
        referrerPolicy="no-referrer"
        className="pointer-events-none invisible absolute top-0 left-0 h-px"
      />
    </div>
  );
}
