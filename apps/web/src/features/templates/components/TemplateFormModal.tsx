import { useTranslation } from 'react-i18next';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '@postline/shared/limits';
import { templateRequestSchema } from '@postline/shared/template-requests';
import type { Template, TemplateCategory } from '@postline/shared/templates';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { FormModal } from '@/components/ui/FormModal';
import { useCategoryLabel } from '../hooks/use-category-label';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useValidationText } from '@/lib/use-validation-text';
import { useTemplateWrites } from '../queries';
import { errorClass, inputClass } from '@/components/ui/form-styles';

interface TemplateFormModalProps {
  /** The template being edited; null makes a new one. */
  template: Template | null;
  categories: TemplateCategory[];
  /** The category a new template starts in (the one being viewed, else General). */
  initialCategoryId: number | null;
  onClose: () => void;
}

/**
 * Create or edit a template (SPEC §2): name, category, subject, content, shared. Checked with the
 * server's own schema; a failure keeps the modal open with the reason shown.
 */
export function TemplateFormModal({
  template,
  categories,
  initialCategoryId,
  onClose,
}: TemplateFormModalProps) {
  const { t } = useTranslation('templates');
  const validationText = useValidationText('templates', { example: '{{name}}' });
  const categoryLabel = useCategoryLabel();
  const { saveTemplate } = useTemplateWrites();
  const { values, set, text, errors, formError, saving, submit } = useSchemaForm({
    schema: templateRequestSchema,
    initial: {
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      content: template?.content ?? '',
      categoryId: template ? template.categoryId : initialCategoryId,
      isShared: template?.isShared ?? false,
    },
    validationText,
    save: (request) => saveTemplate(request, template?.id),
    savedText: t(template ? 'toast.updated' : 'toast.created'),
    failedText: t('errors.save'),
    onSaved: onClose,
  });

  return (
    <FormModal
      onClose={onClose}
      size="lg"
      title={t(template ? 'form.editTitle' : 'form.createTitle')}
      onSubmit={submit}
      busy={saving}
      error={formError}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.name')} errors={errors.name}>
          {(control) => <input {...control} {...text('name')} className={inputClass} />}
        </Field>
        <Field label={t('form.category')} errors={errors.categoryId}>
          {(control) => (
            <select
              {...control}
              value={values.categoryId ?? ''}
              onChange={(event) => set('categoryId', event.target.value ? Number(event.target.value) : null)}
              className={inputClass}
            >
              <option value="">{t('card.uncategorized')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryLabel(category)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={t('form.subject')}
        errors={errors.subject}
        counter={{ length: values.subject.length, max: TEMPLATE_SUBJECT_MAX }}
      >
        {(control) => <input {...control} {...text('subject')} className={inputClass} />}
      </Field>
      <Field
        label={t('form.content')}
        errors={errors.content}
        counter={{ length: values.content.length, max: TEMPLATE_BODY_MAX }}
        hint={t('form.variablesHint', { example: '{{name}}' })}
      >
        {(control) => (
          <textarea {...control} rows={9} {...text('content')} className={`${inputClass} font-mono`} />
        )}
      </Field>
      <Checkbox name="isShared" checked={values.isShared} onChange={(checked) => set('isShared', checked)}>
        {t('form.isShared')}
      </Checkbox>
      {errors[''] && <p className={errorClass}>{errors['']?.join(' ')}</p>}
    </FormModal>
  );
}
