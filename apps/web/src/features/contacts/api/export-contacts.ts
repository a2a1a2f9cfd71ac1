import type { ContactExport, ContactFileFormat } from '@postline/shared/contacts';
import { api } from '@/lib/api-client';

/** GET /contacts/export: every contact as one vCard or CSV file, named in the user's language. */
export function exportContacts(format: ContactFileFormat): Promise<ContactExport> {
  return api.get<ContactExport>('/contacts/export', { params: { format } });
}
