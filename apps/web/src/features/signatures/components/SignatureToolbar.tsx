import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/form-styles';

interface SignatureToolbarProps {
  /** The content's text area: its selection is what a button formats. */
  area: RefObject<HTMLTextAreaElement | null>;
  onChange: (content: string) => void;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Bold and link for the signature's content (issue 34), put as markup around the selected text, so
 * the text area stays the one place the content is written and the preview shows the result at
 * once. A new line is a new line (signature-html.ts). Written by hand: an editor library would be
 * the signatures screen's largest part, for two buttons.
 */
export function SignatureToolbar({ area, onChange }: SignatureToolbarProps) {
  const { t } = useTranslation('signatures');
  const urlId = useId();
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('https://');
  // The selection to put back once the wrapped content is in the text area: set in the same commit
  // (a later frame could move a selection the writer made meanwhile).
  const pendingSelection = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const element = area.current;
    const selection = pendingSelection.current;
    if (!element || !selection) return;
    pendingSelection.current = null;
    element.focus();
    element.setSelectionRange(selection[0], selection[1]);
  });

  /** Puts `before` and `after` around the selection, the selection kept inside them. */
  function wrap(before: string, after: string, fallback = '') {
    const element = area.current;
    if (!element) return;
    const { selectionStart: start, selectionEnd: end, value } = element;
    const inner = value.slice(start, end) || fallback;
    pendingSelection.current = [start + before.length, start + before.length + inner.length];
    onChange(value.slice(0, start) + before + inner + after + value.slice(end));
  }

  function insertLink() {
    const address = url.trim();
    if (!/^(https?:\/\/|mailto:)\S+$/i.test(address)) return;
    wrap(`<a href="${escapeAttribute(address)}">`, '</a>', address.replace(/^mailto:/i, ''));
    setLinking(false);
    setUrl('https://');
  }

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label={t('form.toolbar')} className="flex gap-1">
        <Button variant="secondary" size="sm" onClick={() => wrap('<b>', '</b>')}>
          <b>{t('form.bold')}</b>
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={linking} onClick={() => setLinking(!linking)}>
          <span className="underline">{t('form.link')}</span>
        </Button>
      </div>
      {linking && (
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor={urlId} className="mb-1 block text-xs font-medium text-gray-600">
              {t('form.linkUrl')}
            </label>
            <input
              id={urlId}
              type="url"
              inputMode="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                // Not the form's submit: Enter here means "put the link in".
                event.preventDefault();
                insertLink();
              }}
              className={inputClass}
            />
          </div>
          <Button size="sm" onClick={insertLink}>
            {t('form.insertLink')}
          </Button>
        </div>
      )}
    </div>
  );
}
