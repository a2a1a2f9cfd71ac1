import clsx from 'clsx';
import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isValidRecipient,
  parseRecipient,
  sameRecipient,
  splitRecipientList,
} from '@postline/shared/recipients';
import { useChipSuggestions, type ChipSuggestion, type SuggestRecipients } from './chip-suggestions';
import { ChipSuggestions, optionId } from './ChipSuggestions';

interface ChipsInputProps {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  /** Defaults to a recipient: an address of SPEC §5's pattern, with a name or without. */
  isValid?: (value: string) => boolean;
  /** Called with a rejected entry, e.g. for a toast; the inline error shows either way. */
  onInvalid?: (value: string) => void;
  invalidMessage?: string;
  disabled?: boolean;
  id?: string;
  /** Takes the focus when it appears: To as compose opens, Cc or Bcc as they are asked for. */
  autoFocus?: boolean;
  /** Suggestions as the person types (contacts, groups, people in their mail), from the caller. */
  suggest?: SuggestRecipients | undefined;
}

/** A list as typed or pasted: `Name <address>` keeps its name (issue 34). */
const LIST_LIKE = /[,;\r\n<]/;

/** A chip's text: the name with the address beside it, or the address alone. */
function ChipText({ value }: { value: string }) {
  const recipient = parseRecipient(value);
  if (!recipient?.name) return <span className="min-w-0 break-all">{value}</span>;
  return (
    <span className="min-w-0 break-all" title={recipient.address}>
      <bdi className="font-medium">{recipient.name}</bdi>{' '}
      <span className="text-xs text-brand-700/80">{recipient.address}</span>
    </span>
  );
}

/**
 * Recipient entry (SPEC §2): Enter, a comma or leaving the field commits an address, its x removes
 * it. Committing on leave means an address typed just before pressing Send goes with the mail. A
 * refused entry becomes a red chip, which a click puts back in the box to fix (as Gmail does).
 *
 * With `suggest`, it is an ARIA combobox: a list under it follows the text, arrow keys choose,
 * Enter or a click adds the choice (a group adds its members), Escape closes the list. A Korean
 * IME keeps a syllable open while it is typed: Enter then picks the active suggestion, and the
 * syllable the IME commits after the pick is dropped rather than left in the box; Enter with no
 * suggestion chosen only ends the syllable, as the IME means it to.
 */
export function ChipsInput({
  label,
  values,
  onChange,
  placeholder,
  isValid = isValidRecipient,
  onInvalid,
  invalidMessage,
  disabled = false,
  id,
  autoFocus = false,
  suggest,
}: ChipsInputProps) {
  const { t } = useTranslation('ui');
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [draft, setDraft] = useState('');
  // What was refused waits as red chips beside the good ones, out of the box: nothing typed or
  // pasted next can run on from it into another, valid but wrong, address (issue 34).
  const [refused, setRefused] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const invalid = refused.length > 0;
  const listId = `${inputId}-suggestions`;
  const suggestions = useChipSuggestions(suggest, draft);
  const composing = useRef(false);
  /**
   * What the box held when a pick ended the entry while an IME was composing: the syllable the IME
   * commits afterwards is the end of it, and is dropped rather than left in the box.
   */
  const pickedMidSyllable = useRef<string | null>(null);

  /** Adds every valid entry as a chip, every invalid one as a refused chip. */
  function commit(entries: string[]): void {
    if (entries.length === 0) return;
    const next = [...values];
    const refusedNow: string[] = [];
    for (const entry of entries) {
      if (!isValid(entry)) refusedNow.push(entry);
      else if (!next.some((value) => sameRecipient(value, entry))) next.push(entry);
    }
    if (next.length !== values.length) onChange(next);
    setDraft('');
    if (refusedNow.length > 0) {
      setRefused((before) => [...before, ...refusedNow.filter((entry) => !before.includes(entry))]);
      onInvalid?.(refusedNow[0] ?? '');
    }
  }

  function pick(item: ChipSuggestion, midSyllable = composing.current): void {
    pickedMidSyllable.current = midSyllable ? draft : null;
    commit(item.values);
    suggestions.reset();
  }

  /** The box's new text, unless it is only the IME committing the syllable a pick took. */
  function onText(value: string): void {
    const picked = pickedMidSyllable.current;
    if (picked !== null && value !== '' && picked.endsWith(value)) return setDraft('');
    pickedMidSyllable.current = null;
    setDraft(value);
  }

  /** A refused entry goes back into the box to be fixed. */
  function edit(entry: string): void {
    setRefused((before) => before.filter((value) => value !== entry));
    if (draft.trim() !== '') commit(splitRecipientList(draft));
    setDraft(entry);
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const midSyllable = event.nativeEvent.isComposing;
    if (!midSyllable) composing.current = false;
    if (suggestions.open) {
      const chosen = suggestions.items[suggestions.active];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        suggestions.move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        suggestions.close();
        return;
      }
      if (event.key === 'Enter' && chosen) {
        event.preventDefault();
        pick(chosen, midSyllable || composing.current);
        return;
      }
    }
    // The IME's own keys while it builds a syllable: Enter ends the syllable, not the entry.
    if (midSyllable) return;
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      commit(splitRecipientList(draft));
    } else if (event.key === 'Backspace' && draft === '') {
      if (invalid) setRefused((before) => before.slice(0, -1));
      else if (values.length > 0) onChange(values.slice(0, -1));
    }
  }

  /**
   * A pasted list goes in where the caret is, as the browser would put it, but its entries stay
   * apart from the text around them: `Name <address>` keeps its name, and a fragment already in
   * the box never joins the first pasted address.
   */
  function onPaste(event: ClipboardEvent<HTMLInputElement>): void {
    const text = event.clipboardData.getData('text');
    if (!LIST_LIKE.test(text)) return;
    event.preventDefault();
    const start = event.currentTarget.selectionStart ?? draft.length;
    const end = event.currentTarget.selectionEnd ?? draft.length;
    commit([
      ...splitRecipientList(draft.slice(0, start)),
      ...splitRecipientList(text),
      ...splitRecipientList(draft.slice(end)),
    ]);
  }

  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="relative">
        <div
          className={clsx(
            'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5',
            'focus-within:border-brand-500 focus-within:ring-1 focus-within:ring-brand-500',
            invalid ? 'border-red-400' : 'border-gray-300',
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
                <ChipText value={value} />
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
            {refused.map((entry) => (
              <li
                key={`refused-${entry}`}
                data-testid="refused-chip"
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-red-50 py-0.5 pr-1 pl-2.5 text-sm text-red-700 ring-1 ring-red-300"
              >
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => edit(entry)}
                  aria-label={t('chips.edit', { value: entry })}
                  title={t('chips.edit', { value: entry })}
                  className="min-w-0 text-left break-all line-through decoration-red-400 hover:underline"
                >
                  {entry}
                </button>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => setRefused((before) => before.filter((value) => value !== entry))}
                  aria-label={t('chips.remove', { value: entry })}
                  className="rounded-full px-1 text-red-700 hover:bg-red-100"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={input}
            id={inputId}
            type="text"
            inputMode="email"
            autoComplete="off"
            autoFocus={autoFocus}
            value={draft}
            disabled={disabled}
            placeholder={values.length === 0 ? placeholder : undefined}
            onChange={(event) => onText(event.target.value)}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={() => {
              composing.current = false;
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => {
              pickedMidSyllable.current = null;
              commit(splitRecipientList(draft));
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : hintId}
            {...(suggest
              ? {
                  role: 'combobox',
                  'aria-autocomplete': 'list' as const,
                  'aria-expanded': suggestions.open,
                  'aria-controls': listId,
                  'aria-activedescendant':
                    suggestions.active >= 0 ? optionId(listId, suggestions.active) : undefined,
                }
              : {})}
            className="min-w-32 flex-1 border-none bg-transparent py-1 text-sm outline-none"
          />
        </div>
        {suggestions.open && (
          <ChipSuggestions id={listId} items={suggestions.items} active={suggestions.active} onPick={pick} />
        )}
      </div>
      {invalid ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {invalidMessage ?? t('chips.invalidEmail')}
        </p>
      ) : (
        <p id={hintId} className="sr-only">
          {t(suggest ? 'chips.hintSuggest' : 'chips.hint')}
        </p>
      )}
    </div>
  );
}
