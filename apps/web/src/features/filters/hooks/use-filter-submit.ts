import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { ApiError, messageOf } from '@/lib/api-error';
import { currentLanguage } from '@/lib/i18n';
import { contractErrors, serverFieldErrors, type FormErrors } from '../form-errors';
import { toFilterSubmission, validateFilterForm, type FilterFormValues } from '../form-model';
import { useSaveFilter } from '../queries';

/**
 * Saving the form: the rules of SPEC §5 first, then the shared contract's, and only then the
 * server, whose refusal of a field lands beside that field. `errors` holds what the form shows.
 */
export function useFilterSubmit(values: FilterFormValues, filterId: number | undefined, onSaved: () => void) {
  const { t } = useTranslation('filters');
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSaving, setSaving] = useState(false);
  const saveFilter = useSaveFilter();

  async function submit(event: FormEvent) {
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
      toast.success(filterId !== undefined ? t('toast.updated') : t('toast.created'));
      onSaved();
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldErrors(error.fieldErrors, submission) : {};
      setErrors({ ...fields, form: `${t('errors.formSave')} ${messageOf(error)}` });
      setSaving(false);
    }
  }

  return { errors, setErrors, isSaving, submit };
}
