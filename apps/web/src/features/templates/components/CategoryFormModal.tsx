import { useTranslation } from 'react-i18next';
import { DEFAULT_CATEGORY_COLOR } from '@postline/shared/limits';
import { templateCategoryRequestSchema } from '@postline/shared/template-requests';
import type { TemplateCategory } from '@postline/shared/templates';
import { Field } from '@/components/ui/Field';
import { FormModal } from '@/components/ui/FormModal';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useValidationText } from '@/lib/use-validation-text';
import { useTemplateWrites } from '../queries';
import { inputClass } from '@/components/ui/form-styles';

interface CategoryFormModalProps {
  /** The user's own category being renamed; null makes a new one. */
  category: TemplateCategory | null;
  onClose: () => void;
}

/**
 * A new category, or one of the user's renamed (SPEC §2): name, description and colour,
 * #3B82F6 unless chosen (SPEC §9).
 */
export function CategoryFormModal({ category, onClose }: CategoryFormModalProps) {
  const { t } = useTranslation('templates');
  const validationText = useValidationText('templates', { example: '{{name}}' });
  const { addCategory, editCategory } = useTemplateWrites();
  const { values, text, errors, formError, saving, submit } = useSchemaForm({
    schema: templateCategoryRequestSchema,
    initial: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      color: category?.color ?? DEFAULT_CATEGORY_COLOR,
    },
    validationText,
    save: (request) => (category ? editCategory(category.id, request) : addCategory(request)),
    savedText: t(category ? 'toast.categoryUpdated' : 'toast.categoryCreated'),
    failedText: t('errors.save'),
    onSaved: onClose,
  });

  return (
    <FormModal
      onClose={onClose}
      title={category ? t('categoryForm.editTitle') : t('categoryForm.createTitle')}
      onSubmit={submit}
      busy={saving}
      error={formError}
    >
      <Field label={t('categoryForm.name')} errors={errors.name}>
        {(control) => <input {...control} {...text('name')} className={inputClass} />}
      </Field>
      <Field label={t('categoryForm.description')} errors={errors.description}>
        {(control) => <textarea {...control} rows={3} {...text('description')} className={inputClass} />}
      </Field>
      <Field label={t('categoryForm.color')} errors={errors.color}>
        {(control) => (
          <div className="flex items-center gap-3">
            <input
              {...control}
              type="color"
              {...text('color')}
              className="h-10 w-14 cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
            />
            <span className="font-mono text-sm text-gray-600 uppercase">{values.color}</span>
          </div>
        )}
      </Field>
    </FormModal>
  );
}
