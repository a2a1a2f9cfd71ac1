import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_CONTENT_MAX } from '@postline/shared/limits';
import { signatureContentForEditing, signatureContentHtml } from '@postline/shared/signature-html';
import { signatureAccountValues, type SignatureAccount } from '@postline/shared/signature-variables';
import {
  htmlToPlainTextLength,
  SIGNATURE_TYPES,
  signatureRequestSchema,
  type Signature,
  type SignatureType,
} from '@postline/shared/signatures';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { FormModal } from '@/components/ui/FormModal';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useValidationText } from '@/lib/use-validation-text';
import { useSaveSignature } from '../queries';
import { inputClass } from '@/components/ui/form-styles';
import { SignatureHtml } from './SignatureHtml';
import { SignatureImage } from './SignatureImage';
import { SignatureToolbar } from './SignatureToolbar';

interface SignatureFormModalProps {
  /** The signature being edited; null makes a new one. */
  signature: Signature | null;
  /** Whose {{name}} and {{email}} the preview fills in. */
  account: SignatureAccount;
  onClose: () => void;
}

/**
 * Create or edit a signature (SPEC §2, §5), checked with the server's schema, with a live preview
 * that is sanitised exactly as the cards are.
 */
export function SignatureFormModal({ signature, account, onClose }: SignatureFormModalProps) {
  const { t } = useTranslation('signatures');
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const filled = useMemo(() => signatureAccountValues(account), [account]);
  const validationText = useValidationText('signatures');
  const save = useSaveSignature();
  const previewId = useId();
  const { values, set, text, errors, formError, saving, submit } = useSchemaForm({
    schema: signatureRequestSchema,
    initial: {
      name: signature?.name ?? '',
      signatureType: signature?.signatureType ?? ('PERSONAL' as SignatureType),
      content: signatureContentForEditing(signature?.content ?? ''),
      includeImage: signature?.includeImage ?? false,
      imageUrl: signature?.imageUrl ?? '',
      isDefault: signature?.isDefault ?? false,
    },
    // A URL typed and then unticked is kept in the form but not saved; lines typed as plain text
    // are saved as lines (issue 34).
    toInput: (form) => ({
      ...form,
      content: signatureContentHtml(form.content),
      imageUrl: form.includeImage ? form.imageUrl : null,
    }),
    validationText,
    save: (request) => save(request, signature?.id),
    savedText: t(signature ? 'toast.updated' : 'toast.created'),
    failedText: t('errors.save'),
    onSaved: onClose,
  });
  const plainLength = htmlToPlainTextLength(values.content);

  return (
    <FormModal
      onClose={onClose}
      size="lg"
      title={t(signature ? 'form.editTitle' : 'form.createTitle')}
      onSubmit={submit}
      busy={saving}
      error={formError}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field label={t('form.name')} errors={errors.name}>
          {(control) => <input {...control} {...text('name')} required className={inputClass} />}
        </Field>
        <Field label={t('form.type')}>
          {(control) => (
            <select
              {...control}
              value={values.signatureType}
              onChange={(event) => set('signatureType', event.target.value as SignatureType)}
              className={inputClass}
            >
              {SIGNATURE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={t('form.content')}
        errors={errors.content}
        counter={{ length: plainLength, max: SIGNATURE_CONTENT_MAX }}
        hint={t('form.contentHint', {
          name: '{{name}}',
          email: '{{email}}',
          interpolation: { escapeValue: false },
        })}
      >
        {(control) => (
          <div className="space-y-2">
            <SignatureToolbar area={contentRef} onChange={(content) => set('content', content)} />
            <textarea
              {...control}
              ref={contentRef}
              rows={6}
              required
              {...text('content')}
              className={`${inputClass} font-mono`}
            />
          </div>
        )}
      </Field>
      <Checkbox name="isDefault" checked={values.isDefault} onChange={(checked) => set('isDefault', checked)}>
        {t('form.setDefault')}
      </Checkbox>
      <Checkbox
        name="includeImage"
        checked={values.includeImage}
        onChange={(checked) => set('includeImage', checked)}
      >
        {t('form.includeImage')}
      </Checkbox>
      {values.includeImage && (
        <Field label={t('form.imageUrl')} errors={errors.imageUrl}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              {...text('imageUrl')}
              className={inputClass}
            />
          )}
        </Field>
      )}
      <section aria-labelledby={previewId} className="rounded-lg border border-gray-200 bg-gray-50">
        <h3
          id={previewId}
          className="border-b border-gray-200 px-3 py-1.5 text-xs font-semibold text-gray-500"
        >
          {t('form.preview')}
        </h3>
        <div data-testid="signature-preview" className="space-y-2 bg-white px-3 py-3">
          {values.content.trim() === '' && !values.includeImage ? (
            <p className="text-sm text-gray-500">{t('form.previewEmpty')}</p>
          ) : (
            <>
              <SignatureHtml html={values.content} values={filled} />
              {values.includeImage && <SignatureImage url={values.imageUrl} name={values.name} />}
            </>
          )}
        </div>
      </section>
    </FormModal>
  );
}
