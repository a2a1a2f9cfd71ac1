import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactGroupRequestSchema, type ContactGroup } from '@postline/shared/contacts';
import { PAGE_SIZE_MAX } from '@postline/shared/limits';
import { Checkbox } from '@/components/ui/Checkbox';
import { Field } from '@/components/ui/Field';
import { FormModal } from '@/components/ui/FormModal';
import { inputClass } from '@/components/ui/form-styles';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useValidationText } from '@/lib/use-validation-text';
import { useContactList, useContactWrites } from '../queries';

interface GroupFormModalProps {
  /** The group being edited; null makes a new one. */
  group: ContactGroup | null;
  onClose: () => void;
}

/** A group's name and its members, ticked from the contacts (found by the same search as the page). */
export function GroupFormModal({ group, onClose }: GroupFormModalProps) {
  const { t } = useTranslation('contacts');
  const validationText = useValidationText('contacts');
  const { saveGroup } = useContactWrites();
  const [filter, setFilter] = useState('');
  const candidates = useContactList({ page: 0, size: PAGE_SIZE_MAX, q: filter.trim() || undefined });
  const [members, setMembers] = useState<number[]>(group?.memberIds ?? []);
  const { text, errors, formError, saving, submit } = useSchemaForm({
    schema: contactGroupRequestSchema,
    initial: { name: group?.name ?? '' },
    toInput: (values) => ({ ...values, memberIds: members }),
    validationText,
    save: (request) => saveGroup(request, group?.id),
    savedText: t(group ? 'toast.groupUpdated' : 'toast.groupCreated'),
    failedText: t('errors.save'),
    onSaved: onClose,
  });
  const contacts = candidates.data?.content ?? [];

  return (
    <FormModal
      onClose={onClose}
      title={t(group ? 'groupForm.editTitle' : 'groupForm.createTitle')}
      onSubmit={submit}
      busy={saving}
      error={formError}
    >
      <Field label={t('groupForm.name')} errors={errors.name} required>
        {(control) => <input {...control} {...text('name')} autoComplete="off" className={inputClass} />}
      </Field>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-gray-700">{t('groupForm.members')}</legend>
        <input
          type="search"
          aria-label={t('groupForm.filter')}
          placeholder={t('groupForm.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className={`${inputClass} mb-2`}
        />
        {contacts.length === 0 && !candidates.isFetching ? (
          <p className="text-sm text-gray-500">{t('groupForm.noContacts')}</p>
        ) : (
          <ul className="max-h-60 space-y-1 overflow-y-auto rounded-lg border border-gray-200 p-2">
            {contacts.map((contact) => (
              <li key={contact.id}>
                <Checkbox
                  name={`member-${contact.id}`}
                  checked={members.includes(contact.id)}
                  onChange={(checked) =>
                    setMembers((before) =>
                      checked ? [...before, contact.id] : before.filter((id) => id !== contact.id),
                    )
                  }
                >
                  <span className="min-w-0 truncate">
                    {contact.name} <span className="text-xs text-gray-500">{contact.addresses[0]}</span>
                  </span>
                </Checkbox>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </FormModal>
  );
}
