import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_TYPES,
  FILTER_VALUE_MAX,
  IMPORTANCE_LEVELS,
  SENDER_CHECK_VALUES,
} from '@postline/shared/filters';
import { Checkbox } from '@/components/ui/Checkbox';
import { formatBytes } from '@/lib/sizes';
import { conditionField, type FormErrors } from '../form-errors';
import { conditionTakesValue, hasCaseAndRegexOptions, operatorsFor, type ConditionRow } from '../form-model';
import type { FilterFormEvent } from '../hooks/use-filter-form';
import { fieldClassFor, RuleRow, RuleSelect } from './RuleRow';

interface ConditionEditorProps {
  row: ConditionRow;
  index: number;
  canRemove: boolean;
  errors: FormErrors;
  dispatch: (event: FilterFormEvent) => void;
}

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
    className: fieldClassFor(hasError),
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
    <RuleRow
      label={t('form.conditionN', { n: index + 1 })}
      columns="sm:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_auto]"
      controls={[
        <RuleSelect
          key="type"
          id={`${id}-type`}
          label={t('form.conditionType')}
          value={row.conditionType}
          placeholder={t('form.selectType')}
          options={CONDITION_TYPES.map((type) => ({ value: type, label: t(`conditionTypes.${type}`) }))}
          hasError={Boolean(typeError)}
          onChange={(value) => dispatch({ type: 'conditionType', key: row.key, value })}
        />,
        <RuleSelect
          key="operator"
          id={`${id}-operator`}
          label={t('form.operator')}
          value={row.operator}
          placeholder={t('form.selectOperator')}
          options={operators.map((operator) => ({ value: operator, label: t(`operators.${operator}`) }))}
          hasError={Boolean(operatorError)}
          disabled={row.conditionType === ''}
          onChange={(operator) => dispatch({ type: 'condition', key: row.key, patch: { operator } })}
        />,
        <ValueControl
          key="value"
          row={row}
          id={`${id}-value`}
          errorId={`${id}-error`}
          hasError={Boolean(valueError)}
          dispatch={dispatch}
        />,
      ]}
      canRemove={canRemove}
      onRemove={() => dispatch({ type: 'removeCondition', key: row.key })}
      error={rowError}
      errorId={`${id}-error`}
    >
      {hasCaseAndRegexOptions(row.conditionType) && (
        <div className="mt-2 flex flex-wrap gap-4 text-sm text-gray-700">
          <Checkbox
            name="caseSensitive"
            checked={row.caseSensitive}
            onChange={(caseSensitive) =>
              dispatch({ type: 'condition', key: row.key, patch: { caseSensitive } })
            }
          >
            {t('form.caseSensitive')}
          </Checkbox>
          <Checkbox
            name="isRegex"
            checked={row.isRegex}
            onChange={(isRegex) => dispatch({ type: 'condition', key: row.key, patch: { isRegex } })}
          >
            {t('form.isRegex')}
          </Checkbox>
        </div>
      )}
    </RuleRow>
  );
}
