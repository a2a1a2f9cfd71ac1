import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS_NEEDING_VALUE,
  FILTER_AUTO_REPLY_MAX,
  FILTER_LABEL_MAX,
  LABEL_SUGGESTIONS,
  WARNING_ACTIONS,
} from '@postline/shared/filters';
import { actionField, type FormErrors } from '../form-errors';
import { SELECTABLE_ACTION_TYPES, type ActionRow } from '../form-model';
import type { FilterFormEvent } from '../hooks/use-filter-form';
import type { FolderOption } from '../folder-options';
import { fieldClassFor, RuleRow, RuleSelect } from './RuleRow';

interface ActionEditorProps {
  row: ActionRow;
  index: number;
  canRemove: boolean;
  errors: FormErrors;
  folders: FolderOption[] | null;
  dispatch: (event: FilterFormEvent) => void;
}

const SYSTEM_FOLDER_TYPES = new Set(['INBOX', 'SENT', 'DRAFTS', 'TRASH', 'SPAM', 'ARCHIVE']);

/** One action row: its type, the value the type needs (SPEC §5 action values) and its warning. */
export function ActionEditor({ row, index, canRemove, errors, folders, dispatch }: ActionEditorProps) {
  const { t } = useTranslation('filters');
  const id = useId();
  const kind = row.actionType === '' ? undefined : ACTIONS_NEEDING_VALUE[row.actionType];
  const valueError = errors[actionField(row.key, 'actionValue')];
  const typeError = errors[actionField(row.key, 'actionType')];
  const rowError = typeError ?? valueError;
  const setValue = (value: string) => dispatch({ type: 'actionValue', key: row.key, value });
  const valueProps = {
    id: `${id}-value`,
    'aria-invalid': valueError ? true : undefined,
    'aria-describedby': rowError ? `${id}-error` : undefined,
    className: fieldClassFor(Boolean(valueError)),
  };
  const valueLabel = (text: string) => (
    <label htmlFor={`${id}-value`} className="sr-only">
      {text}
    </label>
  );
  const folderName = (folder: FolderOption) =>
    SYSTEM_FOLDER_TYPES.has(folder.type) ? t(`folders.${folder.type}`) : folder.name;

  let valueControl = null;
  if (kind === 'mailboxId') {
    valueControl = (
      <>
        {valueLabel(t('form.folder'))}
        <select {...valueProps} value={row.actionValue} onChange={(e) => setValue(e.target.value)}>
          <option value="">{folders ? t('form.selectFolder') : t('form.loadingFolders')}</option>
          {folders?.map((folder) => (
            <option key={folder.id} value={String(folder.id)}>
              {`${'\u00a0\u00a0'.repeat(folder.depth)}${folderName(folder)}`}
            </option>
          ))}
        </select>
      </>
    );
  } else if (kind === 'label') {
    valueControl = (
      <>
        {valueLabel(t('form.label'))}
        <input
          {...valueProps}
          type="text"
          list={`${id}-labels`}
          maxLength={FILTER_LABEL_MAX}
          value={row.actionValue}
          placeholder={t('form.labelPlaceholder')}
          onChange={(e) => setValue(e.target.value)}
        />
        <datalist id={`${id}-labels`}>
          {LABEL_SUGGESTIONS.map((label) => (
            <option key={label} value={label} label={t(`labels.${label}`)} />
          ))}
        </datalist>
      </>
    );
  } else if (kind === 'email') {
    valueControl = (
      <>
        {valueLabel(t('form.forwardTo'))}
        <input
          {...valueProps}
          type="email"
          inputMode="email"
          value={row.actionValue}
          placeholder={t('form.forwardPlaceholder')}
          onChange={(e) => setValue(e.target.value)}
        />
      </>
    );
  }

  return (
    <RuleRow
      label={t('form.actionN', { n: index + 1 })}
      columns="sm:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_auto]"
      controls={[
        <RuleSelect
          key="type"
          id={`${id}-type`}
          label={t('form.actionType')}
          value={row.actionType}
          placeholder={t('form.selectType')}
          options={SELECTABLE_ACTION_TYPES.map((type) => ({ value: type, label: t(`actionTypes.${type}`) }))}
          hasError={Boolean(typeError)}
          onChange={(value) => dispatch({ type: 'actionType', key: row.key, value })}
        />,
        valueControl,
      ]}
      canRemove={canRemove}
      onRemove={() => dispatch({ type: 'removeAction', key: row.key })}
      error={rowError}
      errorId={`${id}-error`}
    >
      {kind === 'replyText' && (
        <div className="mt-2">
          {valueLabel(t('form.replyText'))}
          <textarea
            {...valueProps}
            rows={3}
            maxLength={FILTER_AUTO_REPLY_MAX}
            value={row.actionValue}
            placeholder={t('form.autoReplyPlaceholder')}
            onChange={(e) => setValue(e.target.value)}
            className={clsx(valueProps.className, 'h-auto py-2')}
          />
          <button
            type="button"
            onClick={() => setValue(t('form.awayTemplate'))}
            className="mt-1 text-sm font-medium text-brand-600 hover:underline"
          >
            {t('form.useAwayTemplate')}
          </button>
        </div>
      )}
      {row.actionType !== '' && WARNING_ACTIONS.includes(row.actionType) && (
        <p role="note" className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-800">
          {row.actionType === 'DELETE' ? t('form.deleteWarning') : t('form.spamWarning')}
        </p>
      )}
    </RuleRow>
  );
}
