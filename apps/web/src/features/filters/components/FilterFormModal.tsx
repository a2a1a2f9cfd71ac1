import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_ACTIONS_MAX, FILTER_CONDITIONS_MAX } from '@postline/shared/filters';
import { Button } from '@/components/ui/Button';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { FormModal } from '@/components/ui/FormModal';
import { LoadingBlock } from '@/components/ui/Spinner';
import { useFilterForm } from '../hooks/use-filter-form';
import { useFilterSubmit } from '../hooks/use-filter-submit';
import { useLoadedFilter } from '../hooks/use-loaded-filter';
import { useFolderOptions } from '../queries';
import { ActionEditor } from './ActionEditor';
import { ConditionEditor } from './ConditionEditor';
import { FilterBasicsFields } from './FilterBasicsFields';
import { FilterTestModal } from './FilterTestModal';
import { RuleFieldset } from './RuleFieldset';

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
  const { isLoading, loadError } = useLoadedFilter(filterId, dispatch);
  const { errors, setErrors, isSaving, submit } = useFilterSubmit(values, filterId, onSaved);
  const [isTesting, setTesting] = useState(false);
  const { folders } = useFolderOptions();
  const nameRef = useRef<HTMLInputElement>(null);

  function onTest() {
    if (filterId === undefined) {
      setErrors({ form: t('form.testError') });
      return;
    }
    setTesting(true);
  }

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
        onSubmit={(event) => void submit(event)}
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
        <FilterBasicsFields values={values} errors={errors} dispatch={dispatch} nameRef={nameRef} />
        <RuleFieldset
          legend={t('form.conditions')}
          note={t('form.conditionsNote')}
          error={errors.conditions}
          addLabel={t('form.addCondition')}
          canAdd={values.conditions.length < FILTER_CONDITIONS_MAX}
          onAdd={() => dispatch({ type: 'addCondition' })}
        >
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
        </RuleFieldset>
        <RuleFieldset
          legend={t('form.actions')}
          note={t('form.actionsNote')}
          error={errors.actions}
          addLabel={t('form.addAction')}
          canAdd={values.actions.length < FILTER_ACTIONS_MAX}
          onAdd={() => dispatch({ type: 'addAction' })}
        >
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
        </RuleFieldset>
      </FormModal>
      {isTesting && filterId !== undefined && (
        <FilterTestModal filterId={filterId} onClose={() => setTesting(false)} />
      )}
    </>
  );
}
