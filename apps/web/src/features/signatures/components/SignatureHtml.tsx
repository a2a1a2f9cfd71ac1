import clsx from 'clsx';
import { useMemo } from 'react';
import { sanitizeSignatureHtml } from '../sanitize-signature';

/** Tailwind's reset removes what signatures rely on: link colour, list bullets, heading sizes. */
const CONTENT_STYLES =
  '[&_a]:text-brand-600 [&_a]:underline [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal ' +
  '[&_ol]:pl-5 [&_h1]:text-xl [&_h2]:text-lg [&_h3]:font-semibold [&_strong]:font-semibold ' +
  '[&_b]:font-semibold [&_img]:inline-block [&_img]:max-w-full [&_td]:px-1 [&_td]:align-top';

interface SignatureHtmlProps {
  html: string;
  className?: string;
}

/** A signature's HTML, shown only after the strict DOMPurify pass. */
export function SignatureHtml({ html, className }: SignatureHtmlProps) {
  const clean = useMemo(() => sanitizeSignatureHtml(html), [html]);
  return (
    <div
      className={clsx('text-sm break-words text-gray-800', CONTENT_STYLES, className)}
      // Safe: `clean` comes out of sanitizeSignatureHtml just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
