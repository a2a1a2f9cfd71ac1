import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CATEGORY_COLOR } from '@postline/shared/limits';
import { templateCategoryRequestSchema } from '@postline/shared/template-requests';
import type { TemplateCategory } from '@postline/shared/templates';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { fieldMessagesOf, type FieldMessages } from '@/lib/form-errors';
import { useValidationText } from '@/lib/use-validation-text';
import { useTemplatesStore } from '../store';
import { FieldMessages as Messages } from '@/components/ui/FieldMessages';
import { inputClass, labelClass } from '@/components/ui/form-styles';

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
  const addCategory = useTemplatesStore((state) => state.addCategory);
  const editCategory = useTemplatesStore((state) => state.editCategory);
  const formId = useId();
  const ids = { name: useId(), description: useId(), color: useId() };
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [color, setColor] = useState<string>(category?.color ?? DEFAULT_CATEGORY_COLOR);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A field's message goes as soon as the user changes that field.
  const clearError = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = templateCategoryRequestSchema.safeParse({ name, description, color });
    if (!parsed.success) {
      setErrors(fieldMessagesOf(parsed.error, validationText));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (category) await editCategory(category.id, parsed.data);
      else await addCategory(parsed.data);
      toast.success(t(category ? 'toast.categoryUpdated' : 'toast.categoryCreated'));
      onClose();
    } catch (error) {
      setFormError(messageOf(error, t('errors.save')));
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={category ? t('categoryForm.editTitle') : t('categoryForm.createTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {t('form.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}
        <div>
          <label htmlFor={ids.name} className={labelClass}>
            {t('categoryForm.name')}
          </label>
          <input
            id={ids.name}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              clearError('name');
            }}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${ids.name}-error` : undefined}
            className={inputClass}
          />
          <Messages id={`${ids.name}-error`} messages={errors.name} />
        </div>
        <div>
          <label htmlFor={ids.description} className={labelClass}>
            {t('categoryForm.description')}
          </label>
          <textarea
            id={ids.description}
            rows={3}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              clearError('description');
            }}
            aria-invalid={errors.description ? true : undefined}
            className={inputClass}
          />
          <Messages id={`${ids.description}-error`} messages={errors.description} />
        </div>
        <div>
          <label htmlFor={ids.color} className={labelClass}>
            {t('categoryForm.color')}
          </label>
          <div className="flex items-center gap-3">
            <input
              id={ids.color}
              type="color"
              value={color}
              onChange={(event) => setColor(event.target.value)}
              className="h-10 w-14 cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
            />
            <span className="font-mono text-sm text-gray-600 uppercase">{color}</span>
          </div>
          <Messages id={`${ids.color}-error`} messages={errors.color} />
        </div>
      </form>
    </Modal>
  );
}
