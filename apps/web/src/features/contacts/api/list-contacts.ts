import type { Page } from '@postline/shared/common';
import type { Contact } from '@postline/shared/contacts';
import { api } from '@/lib/api-client';

export interface ContactListParams {
  page: number;
  size: number;
  q?: string | undefined;
  groupId?: number | undefined;
}

/** GET /contacts: a page by name, searched and of one group when asked. */
export function fetchContacts(params: ContactListParams): Promise<Page<Contact>> {
  return api.get<Page<Contact>>('/contacts', { params });
}
