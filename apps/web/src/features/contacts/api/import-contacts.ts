import type { ContactFileFormat, ContactImportResult } from '@postline/shared/contacts';
import { api } from '@/lib/api-client';

/** POST /contacts/import: the file's text; addresses already kept are skipped. */
export function importContacts(format: ContactFileFormat, content: string): Promise<ContactImportResult> {
  return api.post<ContactImportResult>('/contacts/import', { format, content });
}
