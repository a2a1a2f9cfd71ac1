import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FILTER_ACTIONS_MAX,
  FILTER_CONDITIONS_MAX,
  FILTER_DESCRIPTION_MAX,
  FILTER_NAME_MAX,
} from '@postline/shared/filters';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { Field } from '@/components/ui/Field';
import { FormModal } from '@/components/ui/FormModal';
import { inputClass } from '@/components/ui/form-styles';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { ApiError, messageOf } from '@/lib/api-error';
import { currentLanguage } from '@/lib/i18n';
import { fetchFilter } from '../api/get-filter';
import { contractErrors, serverFieldErrors, type FormErrors } from '../form-errors';
import { formFromFilter, toFilterSubmission, validateFilterForm } from '../form-model';
import { useFilterForm } from '../hooks/use-filter-form';
import { useFolderOptions, useSaveFilter } from '../queries';
import { ActionEditor } from './ActionEditor';
import { ConditionEditor } from './ConditionEditor';
import { FilterTestModal } from './FilterTestModal';

interface FilterFormModalProps {
  /** Edit mode: the saved filter to load; create mode has none. */
  filterId?: number;
  onClose: () => void;
  /** After the save, once the list shows it. */
  onSaved: () => void;
}

/** The create/edit modal of SPEC §2 with the rules of SPEC §4 and §5. */
export function FilterFormModal({ filterId, onClose, onSaved }: FilterFormModalProps) {
  const { t } = useTranslation('filters');
  const isEdit = filterId !== undefined;
  const [values, dispatch] = useFilterForm();
  const [errors, setErrors] = useState<FormErrors>({});
  const [isLoading, setLoading] = useState(isEdit);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isTesting, setTesting] = useState(false);
  const { folders } = useFolderOptions();
  const saveFilter = useSaveFilter();
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (filterId === undefined) return;
    let current = true;
    fetchFilter(filterId).then(
      (filter) => {
        if (!current) return;
        dispatch({ type: 'reset', values: formFromFilter(filter) });
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        setLoadError(messageOf(error));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [filterId, dispatch]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const rules = validateFilterForm(values);
    const ruleErrors: FormErrors = {};
    for (const [place, key] of Object.entries(rules)) ruleErrors[place] = t(`form.validation.${key}`);
    if (Object.keys(ruleErrors).length > 0) return setErrors(ruleErrors);
    const submission = toFilterSubmission(values);
    const contract = contractErrors(submission, currentLanguage());
    if (Object.keys(contract).length > 0) return setErrors(contract);

    setErrors({});
    setSaving(true);
    try {
      await saveFilter(submission.request, filterId);
      toast.success(isEdit ? t('toast.updated') : t('toast.created'));
      onSaved();
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldErrors(error.fieldErrors, submission) : {};
      setErrors({ ...fields, form: `${t('errors.formSave')} ${messageOf(error)}` });
      setSaving(false);
    }
  }

  function onTest() {
    if (filterId === undefined) {
      setErrors({ form: t('form.testError') });
      return;
    }
    setTesting(true);
  }

  const fieldError = (place: string) =>
    errors[place] && (
      <p role="alert" className="mt-1 text-sm text-red-600">
        {errors[place]}
      </p>
    );

  let placeholder;
  if (isLoading) {
    placeholder = <LoadingBlock label={t('form.loading')} compact />;
  } else if (loadError !== null) {
    placeholder = <ErrorBanner message={t('errors.formLoad')} detail={loadError} />;
  }

  return (
    <>
      {/* The form stays mounted (and keeps its values) while the test modal is in front. */}
      <FormModal
        open={!isTesting}
        onClose={onClose}
        size="lg"
        initialFocusRef={nameRef}
        title={isEdit ? t('form.editTitle') : t('form.createTitle')}
        onSubmit={(event) => void onSubmit(event)}
        busy={isSaving}
        error={errors.form}
        placeholder={placeholder}
        submitDisabled={isLoading || loadError !== null}
        formClassName="space-y-5"
        extraActions={
          isEdit && (
            <Button variant="secondary" className="mr-auto" disabled={isLoading} onClick={onTest}>
              {t('form.test')}
            </Button>
          )
        }
      >
        <Field label={t('form.name')} errors={errors.name} required>
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              type="text"
              required
              maxLength={FILTER_NAME_MAX}
              value={values.name}
              placeholder={t('form.namePlaceholder')}
              onChange={(e) => dispatch({ type: 'field', field: 'name', value: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('form.description')} errors={errors.description}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={FILTER_DESCRIPTION_MAX}
              value={values.description}
              placeholder={t('form.descriptionPlaceholder')}
              onChange={(e) => dispatch({ type: 'field', field: 'description', value: e.target.value })}
              className={inputClass}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox
            name="isActive"
            checked={values.isActive}
            onChange={(value) => dispatch({ type: 'flag', field: 'isActive', value })}
          >
            {t('form.isActive')}
          </Checkbox>
          <Checkbox
            name="applyToExisting"
            checked={values.applyToExisting}
            onChange={(value) => dispatch({ type: 'flag', field: 'applyToExisting', value })}
          >
            {t('form.applyToExisting')}
          </Checkbox>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">{t('form.conditions')}</legend>
          <p className="mb-2 text-xs text-gray-500">{t('form.conditionsNote')}</p>
          <ul className="space-y-2">
            {values.conditions.map((row, index) => (
              <ConditionEditor
                key={row.key}
                row={row}
                index={index}
                canRemove={values.conditions.length > 1}
                errors={errors}
                dispatch={dispatch}
              />
            ))}
          </ul>
          {fieldError('conditions')}
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            icon={<span aria-hidden="true">+</span>}
            disabled={values.conditions.length >= FILTER_CONDITIONS_MAX}
            onClick={() => dispatch({ type: 'addCondition' })}
          >
            {t('form.addCondition')}
          </Button>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">{t('form.actions')}</legend>
          <p className="mb-2 text-xs text-gray-500">{t('form.actionsNote')}</p>
          <ul className="space-y-2">
            {values.actions.map((row, index) => (
              <ActionEditor
                key={row.key}
                row={row}
                index={index}
                canRemove={values.actions.length > 1}
                errors={errors}
                folders={folders}
                dispatch={dispatch}
              />
            ))}
          </ul>
          {fieldError('actions')}
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            icon={<span aria-hidden="true">+</span>}
            disabled={values.actions.length >= FILTER_ACTIONS_MAX}
            onClick={() => dispatch({ type: 'addAction' })}
          >
            {t('form.addAction')}
          </Button>
        </fieldset>
      </FormModal>
      {isTesting && filterId !== undefined && (
        <FilterTestModal filterId={filterId} onClose={() => setTesting(false)} />
      )}
    </>
  );
}
