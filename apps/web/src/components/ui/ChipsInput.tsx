import clsx from 'clsx';
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '@postline/shared/limits';

interface ChipsInputProps {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  /** Defaults to the basic e-mail pattern of SPEC §5. */
  isValid?: (value: string) => boolean;
  /** Called with a rejected entry, e.g. for a toast; the inline error shows either way. */
  onInvalid?: (value: string) => void;
  invalidMessage?: string;
  disabled?: boolean;
  id?: string;
}

const isEmail = (value: string) => EMAIL_PATTERN.test(value);

/**
 * The entries of a typed or pasted list: separated by commas, semicolons (Outlook) or new lines;
 * `Name <address>` gives its address.
 */
export function splitEntries(text: string): string[] {
  return text
    .split(/[,;\r\n]+/)
    .map((entry) => {
      const angle = /<([^<>]+)>/.exec(entry);
      return (angle ? (angle[1] ?? '') : entry).trim();
    })
    .filter(Boolean);
}

/**
 * Recipient entry (SPEC §2): Enter, a comma or leaving the field commits an address, its x removes
 * it. Committing on leave means an address typed just before pressing Send goes with the mail.
 */
export function ChipsInput({
  label,
  values,
  onChange,
  placeholder,
  isValid = isEmail,
  onInvalid,
  invalidMessage,
  disabled = false,
  id,
}: ChipsInputProps) {
  const { t } = useTranslation('ui');
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** Adds every valid entry; keeps the first invalid one in the box so it can be fixed. */
  function commit(text: string): void {
    const entries = splitEntries(text);
    if (entries.length === 0) return;
    const next = [...values];
    let rejected: string | null = null;
    for (const entry of entries) {
      if (!isValid(entry)) {
        rejected ??= entry;
        continue;
      }
      if (!next.includes(entry)) next.push(entry);
    }
    if (next.length !== values.length) onChange(next);
    setDraft(rejected ?? '');
    setError(rejected ? (invalidMessage ?? t('chips.invalidEmail')) : null);
    if (rejected) onInvalid?.(rejected);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>): void {
    const text = event.clipboardData.getData('text');
    if (!/[,;\r\n<]/.test(text)) return;
    event.preventDefault();
    commit(draft + text);
  }

  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div
        className={clsx(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5',
          'focus-within:border-brand-500 focus-within:ring-1 focus-within:ring-brand-500',
          error ? 'border-red-400' : 'border-gray-300',
          disabled && 'opacity-60',
        )}
      >
        <ul className="contents">
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-700"
            >
              {/* A long address breaks within its chip on a phone rather than pushing the field wider. */}
              <span className="min-w-0 break-all">{value}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(values.filter((v) => v !== value))}
                aria-label={t('chips.remove', { value })}
                className="rounded-full px-1 text-brand-700 hover:bg-brand-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          type="text"
          inputMode="email"
          autoComplete="off"
          value={draft}
          disabled={disabled}
          placeholder={values.length === 0 ? placeholder : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          // Text already refused stays as it is; refusing it again would only repeat the error.
          onBlur={() => {
            if (error === null) commit(draft);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          className="min-w-32 flex-1 border-none bg-transparent py-1 text-sm outline-none"
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={hintId} className="sr-only">
          {t('chips.hint')}
        </p>
      )}
    </div>
  );
}
