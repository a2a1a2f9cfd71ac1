import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/form-styles';

interface TemplateSearchProps {
  onSearch: (keyword: string) => void;
  onReset: () => void;
}

/** Search by Enter or the button; reset clears the box and the applied search (SPEC §2). */
export function TemplateSearch({ onSearch, onReset }: TemplateSearchProps) {
  const { t } = useTranslation('templates');
  const inputId = useId();
  const [keyword, setKeyword] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(keyword);
  }

  return (
    <form role="search" onSubmit={submit} className="mb-6 flex flex-wrap items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        placeholder={t('search.placeholder')}
        className={`${inputClass} max-w-md flex-1`}
      />
      <Button type="submit">{t('search.submit')}</Button>
      <Button
        variant="secondary"
        onClick={() => {
          setKeyword('');
          onReset();
        }}
      >
        {t('search.reset')}
      </Button>
    </form>
  );
}
