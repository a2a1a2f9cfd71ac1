import type { Dispatch, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DESCRIPTION_MAX, FILTER_NAME_MAX } from '@postline/shared/filters';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { inputClass } from '@/components/ui/form-styles';
import type { FormErrors } from '../form-errors';
import type { FilterFormValues } from '../form-model';
import type { FilterFormEvent } from '../hooks/use-filter-form';

interface FilterBasicsFieldsProps {
  values: FilterFormValues;
  errors: FormErrors;
  dispatch: Dispatch<FilterFormEvent>;
  /** The name field, which takes the focus as the form opens. */
  nameRef: RefObject<HTMLInputElement | null>;
}

/** What a filter is called and whether it runs: name, description, active, apply to existing mail. */
export function FilterBasicsFields({ values, errors, dispatch, nameRef }: FilterBasicsFieldsProps) {
  const { t } = useTranslation('filters');
  return (
    <>
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
    </>
  );
}
