import { useState } from 'react';
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
  const [name, setName] = useState(template?.name ?? '');
  const [categoryId, setCategoryId] = useState<number | null>(
    template ? template.categoryId : initialCategoryId,
  );
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [content, setContent] = useState(template?.content ?? '');
  const [isShared, setIsShared] = useState(template?.isShared ?? false);
  const { errors, clearError, formError, saving, submit } = useSchemaForm({
    schema: templateRequestSchema,
    values: { name, subject, content, categoryId, isShared },
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
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                clearError('name');
              }}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('form.category')} errors={errors.categoryId}>
          {(control) => (
            <select
              {...control}
              value={categoryId ?? ''}
              onChange={(event) => setCategoryId(event.target.value ? Number(event.target.value) : null)}
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
        counter={{ length: subject.length, max: TEMPLATE_SUBJECT_MAX }}
      >
        {(control) => (
          <input
            {...control}
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              clearError('subject');
            }}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={t('form.content')}
        errors={errors.content}
        counter={{ length: content.length, max: TEMPLATE_BODY_MAX }}
        hint={t('form.variablesHint', { example: '{{name}}' })}
      >
        {(control) => (
          <textarea
            {...control}
            rows={9}
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              clearError('content');
            }}
            className={`${inputClass} font-mono`}
          />
        )}
      </Field>
      <Checkbox name="isShared" checked={isShared} onChange={setIsShared}>
        {t('form.isShared')}
      </Checkbox>
      {errors[''] && <p className={errorClass}>{errors['']?.join(' ')}</p>}
    </FormModal>
  );
}
