import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The text field and select of a condition or action row; the border says whether it is in error. */
const fieldClass =
  'h-9 w-full rounded-lg border bg-white px-2.5 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:bg-gray-100';

export function fieldClassFor(hasError: boolean): string {
  return clsx(fieldClass, hasError ? 'border-red-400' : 'border-gray-300');
}

interface RuleRowProps {
  /** The row's name for screen readers: "조건 1", "Action 2". */
  label: string;
  /** The grid's columns from the small breakpoint up; the remove button is the last. */
  columns: string;
  /** One grid cell per control, in order. */
  controls: ReactNode[];
  canRemove: boolean;
  onRemove: () => void;
  /** The row's first problem, shown under it and named by the controls' aria-describedby. */
  error?: string;
  errorId: string;
  /** What goes under the controls: options, a longer value, a warning. */
  children?: ReactNode;
}

/** One condition or action of the filter form: its controls in a row, a remove button, its error. */
export function RuleRow({
  label,
  columns,
  controls,
  canRemove,
  onRemove,
  error,
  errorId,
  children,
}: RuleRowProps) {
  const { t } = useTranslation('filters');
  return (
    <li>
      <div role="group" aria-label={label} className="rounded-lg border border-gray-200 bg-gray-50 p-3">
        <div className={clsx('grid grid-cols-1 gap-2', columns)}>
          {controls.map((control, index) => (
            <div key={index}>{control}</div>
          ))}
          <button
            type="button"
            disabled={!canRemove}
            onClick={onRemove}
            className="h-9 rounded-lg px-2.5 text-sm text-gray-600 hover:bg-gray-200 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {t('form.remove')}
          </button>
        </div>
        {children}
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

interface RuleSelectProps<T extends string> {
  id: string;
  /** Said by screen readers; the row's layout shows no visible label. */
  label: string;
  value: T | '';
  /** The empty first option: "유형 선택", "Select an operator". */
  placeholder: string;
  options: readonly { value: T; label: string }[];
  hasError: boolean;
  disabled?: boolean;
  onChange: (value: T | '') => void;
}

/** A condition's type or operator, or an action's type. */
export function RuleSelect<T extends string>({
  id,
  label,
  value,
  placeholder,
  options,
  hasError,
  disabled,
  onChange,
}: RuleSelectProps<T>) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as T | '')}
        className={fieldClassFor(hasError)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
