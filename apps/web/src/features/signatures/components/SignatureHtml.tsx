import clsx from 'clsx';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { signatureContentHtml } from '@postline/shared/signature-html';
import { fillSignatureHtml } from '@postline/shared/signature-variables';
import { signatureFragment } from '../sanitize-signature';

/** Tailwind's reset removes what signatures rely on: link colour, list bullets, heading sizes. */
const CONTENT_STYLES =
  '[&_a]:text-brand-600 [&_a]:underline [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal ' +
  '[&_ol]:pl-5 [&_h1]:text-xl [&_h2]:text-lg [&_h3]:font-semibold [&_strong]:font-semibold ' +
  '[&_b]:font-semibold [&_img]:inline-block [&_img]:max-w-full [&_td]:px-1 [&_td]:align-top';

interface SignatureHtmlProps {
  html: string;
  /** {{variables}} filled as a recipient will read them (issue 34); left out, shown as written. */
  values?: Readonly<Record<string, string>> | undefined;
  className?: string;
}

/**
 * A signature's HTML (a card's, or the form's live preview as it is typed): parsed and sanitised
 * in an inert document, and only the clean nodes are put into this element.
 */
export function SignatureHtml({ html, values, className }: SignatureHtmlProps) {
  const container = useRef<HTMLDivElement>(null);
  const fragment = useMemo(() => {
    // Lines typed as plain text stay lines (issue 34).
    const content = signatureContentHtml(html);
    return signatureFragment(values ? fillSignatureHtml(content, values) : content);
  }, [html, values]);

  useLayoutEffect(() => {
    // A copy, so StrictMode's second run (and a re-render) never finds the fragment emptied.
    container.current?.replaceChildren(document.importNode(fragment, true));
  }, [fragment]);

  return (
    <div
      ref={container}
      data-testid="signature-html"
      className={clsx('text-sm break-words text-gray-800', CONTENT_STYLES, className)}
    />
  );
}
