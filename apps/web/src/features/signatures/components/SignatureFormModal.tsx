import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_CONTENT_MAX } from '@postline/shared/limits';
import {
  htmlToPlainTextLength,
  SIGNATURE_TYPES,
  signatureRequestSchema,
  type Signature,
  type SignatureType,
} from '@postline/shared/signatures';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { fieldMessagesOf, type FieldMessages } from '@/lib/form-errors';
import { useValidationText } from '@/lib/use-validation-text';
import { useSignaturesStore } from '../store';
import { FieldMessages as Messages } from '@/components/ui/FieldMessages';
import { inputClass, labelClass } from '@/components/ui/form-styles';
import { SignatureHtml } from './SignatureHtml';
import { SignatureImage } from './SignatureImage';

interface SignatureFormModalProps {
  /** The signature being edited; null makes a new one. */
  signature: Signature | null;
  onClose: () => void;
}

/**
 * Create or edit a signature (SPEC §2, §5), checked with the server's schema, with a live preview
 * that is sanitised exactly as the cards are.
 */
export function SignatureFormModal({ signature, onClose }: SignatureFormModalProps) {
  const { t } = useTranslation('signatures');
  const validationText = useValidationText('signatures');
  const save = useSignaturesStore((state) => state.save);
  const formId = useId();
  const ids = { name: useId(), type: useId(), content: useId(), image: useId(), imageUrl: useId() };
  const [name, setName] = useState(signature?.name ?? '');
  const [signatureType, setSignatureType] = useState<SignatureType>(signature?.signatureType ?? 'PERSONAL');
  const [content, setContent] = useState(signature?.content ?? '');
  const [includeImage, setIncludeImage] = useState(signature?.includeImage ?? false);
  const [imageUrl, setImageUrl] = useState(signature?.imageUrl ?? '');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A field's message goes as soon as the user changes that field.
  const clearError = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const [saving, setSaving] = useState(false);
  const plainLength = htmlToPlainTextLength(content);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = signatureRequestSchema.safeParse({
      name,
      content,
      signatureType,
      includeImage,
      imageUrl: includeImage ? imageUrl : null,
    });
    if (!parsed.success) {
      setErrors(fieldMessagesOf(parsed.error, validationText));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await save(parsed.data, signature?.id);
      toast.success(t(signature ? 'toast.updated' : 'toast.created'));
      onClose();
    } catch (error) {
      // The server's message is already in the user's language.
      setFormError(messageOf(error, t('errors.save')));
      setSaving(false);
    }
  }

  const describedBy = (field: keyof typeof ids, ...more: string[]) =>
    [errors[field]?.length ? `${ids[field]}-error` : '', ...more].filter(Boolean).join(' ') || undefined;

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t(signature ? 'form.editTitle' : 'form.createTitle')}
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
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <div>
            <label htmlFor={ids.name} className={labelClass}>
              {t('form.name')}
            </label>
            <input
              id={ids.name}
              value={name}
              required
              onChange={(event) => {
                setName(event.target.value);
                clearError('name');
              }}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              className={inputClass}
            />
            <Messages id={`${ids.name}-error`} messages={errors.name} />
          </div>
          <div>
            <label htmlFor={ids.type} className={labelClass}>
              {t('form.type')}
            </label>
            <select
              id={ids.type}
              value={signatureType}
              onChange={(event) => setSignatureType(event.target.value as SignatureType)}
              className={inputClass}
            >
              {SIGNATURE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor={ids.content} className={labelClass}>
            {t('form.content')}
          </label>
          <textarea
            id={ids.content}
            rows={6}
            required
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              clearError('content');
            }}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={describedBy('content', `${ids.content}-hint`)}
            className={`${inputClass} font-mono`}
          />
          <div className="flex justify-between gap-2">
            <Messages id={`${ids.content}-error`} messages={errors.content} />
            <span className="mt-1 ml-auto text-xs text-gray-400 tabular-nums">
              {plainLength}/{SIGNATURE_CONTENT_MAX}
            </span>
          </div>
          <p id={`${ids.content}-hint`} className="mt-1 text-xs text-gray-500">
            {t('form.contentHint')}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={ids.image}
            type="checkbox"
            checked={includeImage}
            onChange={(event) => setIncludeImage(event.target.checked)}
            className="h-4 w-4 rounded border-gray-300"
          />
          <label htmlFor={ids.image} className="text-sm text-gray-700">
            {t('form.includeImage')}
          </label>
        </div>
        {includeImage && (
          <div>
            <label htmlFor={ids.imageUrl} className={labelClass}>
              {t('form.imageUrl')}
            </label>
            <input
              id={ids.imageUrl}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={imageUrl}
              onChange={(event) => {
                setImageUrl(event.target.value);
                clearError('imageUrl');
              }}
              aria-invalid={errors.imageUrl ? true : undefined}
              aria-describedby={describedBy('imageUrl')}
              className={inputClass}
            />
            <Messages id={`${ids.imageUrl}-error`} messages={errors.imageUrl} />
          </div>
        )}
        <section
          aria-labelledby={`${formId}-preview`}
          className="rounded-lg border border-gray-200 bg-gray-50"
        >
          <h3
            id={`${formId}-preview`}
            className="border-b border-gray-200 px-3 py-1.5 text-xs font-semibold text-gray-500"
          >
            {t('form.preview')}
          </h3>
          <div data-testid="signature-preview" className="space-y-2 bg-white px-3 py-3">
            {content.trim() === '' && !includeImage ? (
              <p className="text-sm text-gray-400">{t('form.previewEmpty')}</p>
            ) : (
              <>
                <SignatureHtml html={content} />
                {includeImage && <SignatureImage url={imageUrl} name={name} />}
              </>
            )}
          </div>
        </section>
      </form>
    </Modal>
  );
}
