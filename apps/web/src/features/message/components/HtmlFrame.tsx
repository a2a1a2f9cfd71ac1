import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildFrameDocument } from '../html-body';

/** An HTML body in a frame with no rights at all (sandbox=""); remote images wait for the user. */
export function HtmlFrame({ html }: { html: string }) {
  const { t } = useTranslation('messageDetail');
  const [allowRemote, setAllowRemote] = useState(false);
  const frame = useMemo(() => buildFrameDocument(html, allowRemote), [html, allowRemote]);
  return (
    <div>
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
        title={t('body.frameTitle')}
        sandbox=""
        srcDoc={frame.srcdoc}
        referrerPolicy="no-referrer"
        className="h-[60vh] min-h-80 w-full rounded-lg border border-gray-100"
      />
    </div>
  );
}
