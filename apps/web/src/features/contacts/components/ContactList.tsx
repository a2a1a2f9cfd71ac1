import { useTranslation } from 'react-i18next';
import type { Contact } from '@postline/shared/contacts';

interface ContactListProps {
  contacts: Contact[];
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/** The page's contacts: name, addresses, phone and company, each with edit and delete. */
export function ContactList({ contacts, onEdit, onDelete }: ContactListProps) {
  const { t } = useTranslation('contacts');
  return (
    <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
      {contacts.map((contact) => (
        <li key={contact.id}>
          <article
            aria-label={contact.name}
            className="flex flex-wrap items-start justify-between gap-3 px-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <h3 className="truncate font-medium text-gray-900">{contact.name}</h3>
              <p className="text-sm break-all text-gray-600">{contact.addresses.join(', ')}</p>
              {(contact.phone || contact.company) && (
                <p className="text-xs text-gray-500">
                  {[contact.company, contact.phone].filter(Boolean).join(' · ')}
                </p>
              )}
            </div>
            <div className="flex shrink-0 gap-1">
              <button
                type="button"
                onClick={() => onEdit(contact)}
                aria-label={t('list.edit', { name: contact.name })}
                className="rounded-md px-2 py-1 text-sm text-brand-600 hover:bg-brand-50"
              >
                ✎
              </button>
              <button
                type="button"
                onClick={() => onDelete(contact)}
                aria-label={t('list.delete', { name: contact.name })}
                className="rounded-md px-2 py-1 text-sm text-gray-500 hover:bg-red-50 hover:text-red-600"
              >
                ×
              </button>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
