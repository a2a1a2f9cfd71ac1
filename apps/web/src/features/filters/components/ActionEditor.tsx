import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS_NEEDING_VALUE,
  FILTER_AUTO_REPLY_MAX,
  FILTER_LABEL_MAX,
  LABEL_SUGGESTIONS,
  WARNING_ACTIONS,
  type ActionType,
} from '@postline/shared/filters';
import { actionField, type FormErrors } from '../form-errors';
import { SELECTABLE_ACTION_TYPES, type ActionRow } from '../form-model';
import type { FilterFormEvent } from '../hooks/use-filter-form';
import type { FolderOption } from '../hooks/use-folder-options';
import { fieldClass } from './ConditionEditor';

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
    className: clsx(fieldClass, valueError ? 'border-red-400' : 'border-gray-300'),
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
    <li>
      <div
        role="group"
        aria-label={t('form.actionN', { n: index + 1 })}
        className="rounded-lg border border-gray-200 bg-gray-50 p-3"
      >
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_auto]">
          <div>
            <label htmlFor={`${id}-type`} className="sr-only">
              {t('form.actionType')}
            </label>
            <select
              id={`${id}-type`}
              value={row.actionType}
              onChange={(e) =>
                dispatch({ type: 'actionType', key: row.key, value: e.target.value as ActionType | '' })
              }
              className={clsx(fieldClass, typeError ? 'border-red-400' : 'border-gray-300')}
            >
              <option value="">{t('form.selectType')}</option>
              {SELECTABLE_ACTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`actionTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div>{valueControl}</div>
          <button
            type="button"
            disabled={!canRemove}
            onClick={() => dispatch({ type: 'removeAction', key: row.key })}
            className="h-9 rounded-lg px-2.5 text-sm text-gray-600 hover:bg-gray-200 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {t('form.remove')}
          </button>
        </div>
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
        {rowError && (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
            {rowError}
          </p>
        )}
      </div>
    </li>
  );
}
