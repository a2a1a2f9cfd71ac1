import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/ui/icons';

interface QuickSearchProps {
  keyword: string;
  autoFocus: boolean;
  onSearch: (keyword: string) => void;
}

/** The quick search box: Enter searches all mail for the words (subject, people, body). */
export function QuickSearch({ keyword, autoFocus, onSearch }: QuickSearchProps) {
  const { t } = useTranslation('mail');
  const [text, setText] = useState(keyword);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => setText(keyword), [keyword]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form role="search" onSubmit={submit} className="relative min-w-0 flex-1 sm:max-w-md">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-400">
        <SearchIcon size={17} />
      </span>
      <input
        ref={inputRef}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        className="h-9 w-full rounded-lg border border-gray-300 bg-white pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
      />
    </form>
  );
}
