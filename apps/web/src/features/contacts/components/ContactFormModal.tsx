import { useTranslation } from 'react-i18next';
import { contactRequestSchema, type Contact } from '@postline/shared/contacts';
import { Field } from '@/components/ui/Field';
import { FormModal } from '@/components/ui/FormModal';
import { inputClass } from '@/components/ui/form-styles';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useValidationText } from '@/lib/use-validation-text';
import { useContactWrites } from '../queries';

interface ContactFormModalProps {
  /** The contact being edited; null adds a new one. */
  contact: Contact | null;
  onClose: () => void;
}

/** The addresses box: one a line (commas and semicolons split too), blanks left out. */
const addressesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A contact's name, addresses (one a line, the first the main one), phone, company and note. */
export function ContactFormModal({ contact, onClose }: ContactFormModalProps) {
  const { t } = useTranslation('contacts');
  const validationText = useValidationText('contacts');
  const { saveContact } = useContactWrites();
  const { text, errors, formError, saving, submit } = useSchemaForm({
    schema: contactRequestSchema,
    initial: {
      name: contact?.name ?? '',
      addresses: contact?.addresses.join('\n') ?? '',
      phone: contact?.phone ?? '',
      company: contact?.company ?? '',
      note: contact?.note ?? '',
    },
    toInput: (values) => ({ ...values, addresses: addressesOf(values.addresses) }),
    validationText,
    save: (request) => saveContact(request, contact?.id),
    savedText: t(contact ? 'toast.updated' : 'toast.created'),
    failedText: t('errors.save'),
    onSaved: onClose,
  });

  return (
    <FormModal
      onClose={onClose}
      title={t(contact ? 'form.editTitle' : 'form.createTitle')}
      onSubmit={submit}
      busy={saving}
      error={formError}
    >
      <Field label={t('form.name')} errors={errors.name} required>
        {(control) => <input {...control} {...text('name')} autoComplete="off" className={inputClass} />}
      </Field>
      <Field label={t('form.addresses')} hint={t('form.addressesHint')} errors={errors.addresses} required>
        {(control) => (
          <textarea {...control} rows={2} {...text('addresses')} inputMode="email" className={inputClass} />
        )}
      </Field>
      <Field label={t('form.phone')} errors={errors.phone}>
        {(control) => <input {...control} type="tel" {...text('phone')} className={inputClass} />}
      </Field>
      <Field label={t('form.company')} errors={errors.company}>
        {(control) => <input {...control} {...text('company')} className={inputClass} />}
      </Field>
      <Field label={t('form.note')} errors={errors.note}>
        {(control) => <textarea {...control} rows={3} {...text('note')} className={inputClass} />}
      </Field>
    </FormModal>
  );
}
