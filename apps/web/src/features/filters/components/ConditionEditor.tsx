import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_TYPES,
  FILTER_VALUE_MAX,
  IMPORTANCE_LEVELS,
  SENDER_CHECK_VALUES,
  type ConditionType,
  type Operator,
} from '@postline/shared/filters';
import { formatBytes } from '@/lib/sizes';
import { conditionField, type FormErrors } from '../form-errors';
import { conditionTakesValue, hasCaseAndRegexOptions, operatorsFor, type ConditionRow } from '../form-model';
import type { FilterFormEvent } from '../hooks/use-filter-form';

interface ConditionEditorProps {
  row: ConditionRow;
  index: number;
  canRemove: boolean;
  errors: FormErrors;
  dispatch: (event: FilterFormEvent) => void;
}

export const fieldClass =
  'h-9 w-full rounded-lg border bg-white px-2.5 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:bg-gray-100';

/** The value control a condition's type calls for (SPEC §5 operators by type). */
function ValueControl({
  row,
  id,
  errorId,
  hasError,
  dispatch,
}: {
  row: ConditionRow;
  id: string;
  errorId: string;
  hasError: boolean;
  dispatch: (event: FilterFormEvent) => void;
}) {
  const { t } = useTranslation('filters');
  const setValue = (value: string) => dispatch({ type: 'condition', key: row.key, patch: { value } });
  const common = {
    id,
    'aria-invalid': hasError || undefined,
    'aria-describedby': hasError ? errorId : undefined,
    className: clsx(fieldClass, hasError ? 'border-red-400' : 'border-gray-300'),
  };

  if (row.conditionType === 'HAS_ATTACHMENT') {
    return (
      <p className="flex h-9 items-center text-sm text-gray-500">
        {row.operator === 'NOT_EXISTS' ? t('form.hasAttachmentNotExists') : t('form.hasAttachmentExists')}
      </p>
    );
  }
  if (!conditionTakesValue(row)) return <p className="h-9" aria-hidden="true" />;
  const label = (
    <label htmlFor={id} className="sr-only">
      {t('form.value')}
    </label>
  );
  if (row.conditionType === 'IMPORTANCE') {
    return (
      <>
        {label}
        <select {...common} value={row.value} onChange={(e) => setValue(e.target.value)}>
          <option value="">{t('form.selectImportance')}</option>
          {IMPORTANCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`importance.${level}`)}
            </option>
          ))}
        </select>
      </>
    );
  }
  if (row.conditionType === 'SENDER_CHECK') {
    return (
      <>
        {label}
        <select {...common} value={row.value} onChange={(e) => setValue(e.target.value)}>
          <option value="">{t('form.selectSenderCheck')}</option>
          {SENDER_CHECK_VALUES.map((value) => (
            <option key={value} value={value}>
              {t(`senderCheck.${value}`)}
            </option>
          ))}
        </select>
      </>
    );
  }
  if (row.conditionType === 'SIZE') {
    const bytes = Number(row.value);
    const readable = row.value !== '' && Number.isFinite(bytes) && bytes >= 1024 ? formatBytes(bytes) : null;
    return (
      <div className="flex items-center gap-2">
        {label}
        <input
          {...common}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={row.value}
          onChange={(e) => setValue(e.target.value)}
        />
        <span className="shrink-0 text-sm text-gray-500" data-testid="size-unit">
          {readable ? t('form.sizeUnitWithValue', { size: readable }) : t('form.sizeUnit')}
        </span>
      </div>
    );
  }
  return (
    <>
      {label}
      <input
        {...common}
        type="text"
        maxLength={FILTER_VALUE_MAX}
        value={row.value}
        placeholder={
          row.operator === 'REGEX' || row.isRegex ? t('form.regexPlaceholder') : t('form.valuePlaceholder')
        }
        onChange={(e) => setValue(e.target.value)}
      />
    </>
  );
}

/** One condition row: type, operator, value and, for text fields, case and regex options. */
export function ConditionEditor({ row, index, canRemove, errors, dispatch }: ConditionEditorProps) {
  const { t } = useTranslation('filters');
  const id = useId();
  const operators = operatorsFor(row.conditionType, row.operator);
  const valueError = errors[conditionField(row.key, 'value')];
  const operatorError = errors[conditionField(row.key, 'operator')];
  const typeError = errors[conditionField(row.key, 'conditionType')];
  const rowError = typeError ?? operatorError ?? valueError;

  return (
    <li>
      <div
        role="group"
        aria-label={t('form.conditionN', { n: index + 1 })}
        className="rounded-lg border border-gray-200 bg-gray-50 p-3"
      >
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto]">
          <div>
            <label htmlFor={`${id}-type`} className="sr-only">
              {t('form.conditionType')}
            </label>
            <select
              id={`${id}-type`}
              value={row.conditionType}
              onChange={(e) =>
                dispatch({ type: 'conditionType', key: row.key, value: e.target.value as ConditionType | '' })
              }
              className={clsx(fieldClass, typeError ? 'border-red-400' : 'border-gray-300')}
            >
              <option value="">{t('form.selectType')}</option>
              {CONDITION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`conditionTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-operator`} className="sr-only">
              {t('form.operator')}
            </label>
            <select
              id={`${id}-operator`}
              value={row.operator}
              disabled={row.conditionType === ''}
              onChange={(e) =>
                dispatch({
                  type: 'condition',
                  key: row.key,
                  patch: { operator: e.target.value as Operator | '' },
                })
              }
              className={clsx(fieldClass, operatorError ? 'border-red-400' : 'border-gray-300')}
            >
              <option value="">{t('form.selectOperator')}</option>
              {operators.map((operator) => (
                <option key={operator} value={operator}>
                  {t(`operators.${operator}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <ValueControl
              row={row}
              id={`${id}-value`}
              errorId={`${id}-error`}
              hasError={Boolean(valueError)}
              dispatch={dispatch}
            />
          </div>
          <button
            type="button"
            disabled={!canRemove}
            onClick={() => dispatch({ type: 'removeCondition', key: row.key })}
            className="h-9 rounded-lg px-2.5 text-sm text-gray-600 hover:bg-gray-200 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {t('form.remove')}
          </button>
        </div>
        {hasCaseAndRegexOptions(row.conditionType) && (
          <div className="mt-2 flex flex-wrap gap-4 text-sm text-gray-700">
            <label className="flex items-center gap-1.5">
              <input
                name="caseSensitive"
                type="checkbox"
                checked={row.caseSensitive}
                onChange={(e) =>
                  dispatch({ type: 'condition', key: row.key, patch: { caseSensitive: e.target.checked } })
                }
                className="h-4 w-4 accent-brand-500"
              />
              {t('form.caseSensitive')}
            </label>
            <label className="flex items-center gap-1.5">
              <input
                name="isRegex"
                type="checkbox"
                checked={row.isRegex}
                onChange={(e) =>
                  dispatch({ type: 'condition', key: row.key, patch: { isRegex: e.target.checked } })
                }
                className="h-4 w-4 accent-brand-500"
              />
              {t('form.isRegex')}
            </label>
          </div>
        )}
        {rowError && (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
            {rowError}
          </p>
        )}
      </div>
    </li>
  );
}
