import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import { toast } from '@/components/ui/toast';
import { useInlineImages } from '../hooks/use-inline-images';
import { useChangeRemoteImageSender, useRemoteImageSenders } from '../queries';
import { buildFrameDocument, FRAME_SANDBOX } from '../html-body';

const MIN_HEIGHT = 80;

/** Who the mail is from, and whether the checks on arrival leave that in doubt. */
export interface FrameSender {
  address: string;
  /** No sender warnings: a forged From of a listed sender must not load its images by itself. */
  trusted: boolean;
}

/**
 * An HTML body in a frame without scripts and without the app's origin; links open new tabs and
 * remote images wait for the user. The frame is as tall as its content: a second, invisible frame
 * of the same width (same origin but equally without scripts, so nothing in the mail can run or
 * reach the app) is measured after everything in it has loaded, because the visible frame's
 * opaque origin cannot be read.
 */
export function HtmlFrame({
  html,
  attachments,
  sender,
}: {
  html: string;
  attachments: Attachment[];
  sender?: FrameSender | undefined;
}) {
  const { t } = useTranslation('message');
  const [allowedHere, setAllowedHere] = useState(false);
  // "Always show images from this sender" (issue 34): the person's list, kept on the server.
  const senders = useRemoteImageSenders();
  const change = useChangeRemoteImageSender(() => toast.error(t('body.alwaysShowError')));
  // A forged From of a listed sender must not load its images by itself: only mail without warnings.
  const trustedAddress = sender?.trusted ? sender.address.toLowerCase() : null;
  const listed = Boolean(trustedAddress && senders?.includes(trustedAddress));
  const alwaysShow = (address: string) => {
    setAllowedHere(true);
    change.mutate({ address, always: true });
  };
  const allowRemote = allowedHere || listed;
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
        <div
          data-testid="images-blocked"
          className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-800 print:hidden"
        >
          <span>{t('body.imagesBlocked')}</span>
          <button
            type="button"
            onClick={() => setAllowedHere(true)}
            className="font-medium underline underline-offset-2"
          >
            {t('body.showImages')}
          </button>
          {trustedAddress && (
            <AlwaysShowButton address={trustedAddress} onClick={() => alwaysShow(trustedAddress)} />
          )}
        </div>
      )}
      {frame.hasRemoteContent && allowRemote && trustedAddress && (
        <p
          data-testid="remote-images-note"
          className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500 print:hidden"
        >
          {listed ? (
            <>
              <span className="min-w-0 break-all">
                {t('body.imagesAlwaysShown', { address: trustedAddress })}
              </span>
              <button
                type="button"
                onClick={() => {
                  setAllowedHere(false);
                  change.mutate({ address: trustedAddress, always: false });
                }}
                className="font-medium text-brand-600 hover:underline"
              >
                {t('body.askFirst')}
              </button>
            </>
          ) : (
            // Shown for this mail only: Gmail's "Always display images from …" stays on offer.
            <AlwaysShowButton address={trustedAddress} onClick={() => alwaysShow(trustedAddress)} />
          )}
        </p>
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

function AlwaysShowButton({ address, onClick }: { address: string; onClick: () => void }) {
  const { t } = useTranslation('message');
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-w-0 font-medium break-all underline underline-offset-2"
    >
      {t('body.alwaysShowImages', { address })}
    </button>
  );
}
