import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Modal } from '@/components/ui/Modal';
import {
  EMPTY_SEARCH,
  SEARCH_MAILBOX_TYPES,
  type SearchFields,
  type SearchMailboxType,
} from '../search-query';

interface AdvancedSearchModalProps {
  initial: SearchFields | null;
  onClose: () => void;
  onSearch: (fields: SearchFields) => void;
}

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';

/**
 * The advanced search of SPEC §2: keyword, dates, from, to, three flags, one mailbox; Reset and
 * Search. Mounted only while open (ListToolbar), so each opening starts from `initial`.
 */
export function AdvancedSearchModal({ initial, onClose, onSearch }: AdvancedSearchModalProps) {
  const { t } = useTranslation('mailList');
  const formId = useId();
  const [fields, setFields] = useState<SearchFields>(initial ?? EMPTY_SEARCH);
  const [rangeError, setRangeError] = useState(false);

  const set = <K extends keyof SearchFields>(key: K, value: SearchFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    if (key === 'startDate' || key === 'endDate') setRangeError(false);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (fields.startDate && fields.endDate && fields.startDate > fields.endDate) {
      setRangeError(true);
      return;
    }
    onSearch(fields);
  }

  const id = (name: string) => `${formId}-${name}`;
  const textField = (name: 'keyword' | 'from' | 'to', type = 'text') => (
    <div>
      <label htmlFor={id(name)} className="mb-1 block text-sm font-medium text-gray-700">
        {t(`search.${name}`)}
      </label>
      <input
        id={id(name)}
        type={type}
        value={fields[name]}
        onChange={(event) => set(name, event.target.value)}
        className={inputClass}
      />
    </div>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={t('search.advanced')}
      footer={
        <>
          <Button variant="secondary" onClick={() => setFields(EMPTY_SEARCH)}>
            {t('search.reset')}
          </Button>
          <Button type="submit" form={formId}>
            {t('search.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {textField('keyword')}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {(['startDate', 'endDate'] as const).map((name) => (
            <div key={name}>
              <label htmlFor={id(name)} className="mb-1 block text-sm font-medium text-gray-700">
                {t(`search.${name}`)}
              </label>
              <input
                id={id(name)}
                type="date"
                value={fields[name]}
                onChange={(event) => set(name, event.target.value)}
                aria-invalid={rangeError || undefined}
                className={inputClass}
              />
            </div>
          ))}
        </div>
        {rangeError && (
          <p role="alert" className="text-sm text-red-600">
            {t('search.invalidRange')}
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {textField('from')}
          {textField('to')}
        </div>
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="sr-only">{t('search.flags')}</legend>
          {(['hasAttachment', 'isUnread', 'isStarred'] as const).map((name) => (
            <Checkbox
              key={name}
              name={name}
              checked={fields[name]}
              onChange={(checked) => set(name, checked)}
            >
              {t(`search.${name}`)}
            </Checkbox>
          ))}
        </fieldset>
        <div>
          <label htmlFor={id('mailbox')} className="mb-1 block text-sm font-medium text-gray-700">
            {t('search.mailbox')}
          </label>
          <select
            id={id('mailbox')}
            value={fields.mailboxType}
            onChange={(event) => set('mailboxType', event.target.value as SearchMailboxType | '')}
            className={inputClass}
          >
            <option value="">{t('search.mailboxAll')}</option>
            {SEARCH_MAILBOX_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`folders.${type.toLowerCase()}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Modal>
  );
}
