import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '@postline/shared/limits';
import { templateRequestSchema } from '@postline/shared/template-requests';
import type { Template, TemplateCategory } from '@postline/shared/templates';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { fieldMessagesOf, type FieldMessages } from '@/lib/form-errors';
import { useCategoryLabel } from '../hooks/use-category-label';
import { useValidationText } from '@/lib/use-validation-text';
import { useTemplatesStore } from '../store';
import { FieldMessages as Messages } from '@/components/ui/FieldMessages';
import { errorClass, inputClass, labelClass } from '@/components/ui/form-styles';

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
  const saveTemplate = useTemplatesStore((state) => state.saveTemplate);
  const formId = useId();
  const ids = { name: useId(), category: useId(), subject: useId(), content: useId(), shared: useId() };
  const [name, setName] = useState(template?.name ?? '');
  const [categoryId, setCategoryId] = useState<number | null>(
    template ? template.categoryId : initialCategoryId,
  );
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [content, setContent] = useState(template?.content ?? '');
  const [isShared, setIsShared] = useState(template?.isShared ?? false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A field's message goes as soon as the user changes that field.
  const clearError = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = templateRequestSchema.safeParse({ name, subject, content, categoryId, isShared });
    if (!parsed.success) {
      setErrors(fieldMessagesOf(parsed.error, validationText));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveTemplate(parsed.data, template?.id);
      toast.success(t(template ? 'toast.updated' : 'toast.created'));
      onClose();
    } catch (error) {
      // The server's message is already in the user's language and names the field.
      setFormError(messageOf(error, t('errors.save')));
      setSaving(false);
    }
  }

  const describe = (field: keyof typeof ids) => (errors[field]?.length ? `${ids[field]}-error` : undefined);
  const messagesOf = (field: string) => errors[field];

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t(template ? 'form.editTitle' : 'form.createTitle')}
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
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.name} className={labelClass}>
              {t('form.name')}
            </label>
            <input
              id={ids.name}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                clearError('name');
              }}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describe('name')}
              className={inputClass}
            />
            <Messages id={`${ids.name}-error`} messages={messagesOf('name')} />
          </div>
          <div>
            <label htmlFor={ids.category} className={labelClass}>
              {t('form.category')}
            </label>
            <select
              id={ids.category}
              value={categoryId ?? ''}
              onChange={(event) => setCategoryId(event.target.value ? Number(event.target.value) : null)}
              aria-invalid={errors.categoryId ? true : undefined}
              className={inputClass}
            >
              <option value="">{t('card.uncategorized')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryLabel(category)}
                </option>
              ))}
            </select>
            <Messages id={`${ids.category}-error`} messages={messagesOf('categoryId')} />
          </div>
        </div>
        <div>
          <label htmlFor={ids.subject} className={labelClass}>
            {t('form.subject')}
          </label>
          <input
            id={ids.subject}
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              clearError('subject');
            }}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describe('subject')}
            className={inputClass}
          />
          <div className="flex justify-between gap-2">
            <Messages id={`${ids.subject}-error`} messages={messagesOf('subject')} />
            <span className="mt-1 ml-auto text-xs text-gray-400 tabular-nums">
              {subject.length}/{TEMPLATE_SUBJECT_MAX}
            </span>
          </div>
        </div>
        <div>
          <label htmlFor={ids.content} className={labelClass}>
            {t('form.content')}
          </label>
          <textarea
            id={ids.content}
            rows={9}
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              clearError('content');
            }}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={[describe('content'), `${ids.content}-hint`].filter(Boolean).join(' ')}
            className={`${inputClass} font-mono`}
          />
          <div className="flex justify-between gap-2">
            <Messages id={`${ids.content}-error`} messages={messagesOf('content')} />
            <span className="mt-1 ml-auto text-xs text-gray-400 tabular-nums">
              {content.length}/{TEMPLATE_BODY_MAX}
            </span>
          </div>
          <p id={`${ids.content}-hint`} className="mt-1 text-xs text-gray-500">
            {t('form.variablesHint', { example: '{{name}}' })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={ids.shared}
            type="checkbox"
            checked={isShared}
            onChange={(event) => setIsShared(event.target.checked)}
            className="h-4 w-4 rounded border-gray-300 text-brand-500"
          />
          <label htmlFor={ids.shared} className="text-sm text-gray-700">
            {t('form.isShared')}
          </label>
        </div>
        {errors[''] && <p className={errorClass}>{messagesOf('')?.join(' ')}</p>}
      </form>
    </Modal>
  );
}
