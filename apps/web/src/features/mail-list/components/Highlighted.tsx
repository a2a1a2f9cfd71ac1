import { Fragment } from 'react';

interface HighlightedProps {
  text: string;
  /** Words to mark, longest first (highlightTerms gives them so); matched case-insensitively. */
  terms: readonly string[];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Text with the searched words marked, as search results show them. Hand-written: a split on one
 * regular expression is all it takes.
 */
export function Highlighted({ text, terms }: HighlightedProps) {
  if (terms.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'giu');
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) =>
        // split() puts the captured matches at the odd indexes.
        index % 2 === 1 ? (
          <mark key={index} className="rounded-sm bg-amber-100 text-inherit" data-testid="search-match">
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
