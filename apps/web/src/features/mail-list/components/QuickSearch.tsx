import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_QUERY_MAX } from '@postline/shared/limits';
import { messageKey } from '@postline/shared/validation-messages';
import { parseSearchQuery } from '@postline/shared/search-syntax';
import { SearchIcon } from '@/components/ui/icons';
import { useValidationText } from '@/lib/use-validation-text';

interface QuickSearchProps {
  /** The applied query, shown as the user typed it. */
  query: string;
  autoFocus: boolean;
  onSearch: (query: string) => void;
}

/**
 * The search box: Enter searches all mail for the words (subject, people, body) and Gmail's
 * operators (from:, has:attachment, "phrase", -word, OR, ...). A query that cannot be read is
 * explained under the box and not sent.
 */
export function QuickSearch({ query, autoFocus, onSearch }: QuickSearchProps) {
  const { t } = useTranslation('mailList');
  const validationText = useValidationText('mailList');
  const errorId = useId();
  const [text, setText] = useState(query);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setText(query);
    setError(null);
  }, [query]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseSearchQuery(text);
    if (!parsed.ok) {
      setError(messageKey(parsed.error.key, parsed.error.value));
      return;
    }
    setError(null);
    onSearch(text.trim());
  }

  return (
    <form role="search" onSubmit={submit} className="relative min-w-48 flex-1 sm:max-w-md">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-400">
        <SearchIcon size={17} />
      </span>
      <input
        name="q"
        ref={inputRef}
        type="search"
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-9 w-full rounded-lg border border-gray-300 bg-white pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
      />
      {error && (
        <p
          id={errorId}
          role="alert"
          className="absolute top-full left-0 z-10 mt-1 rounded-md border border-red-200 bg-white px-2 py-1 text-xs text-red-600 shadow-sm"
        >
          {validationText(error)}
        </p>
      )}
    </form>
  );
}
