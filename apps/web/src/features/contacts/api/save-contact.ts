import type { Contact, ContactRequest } from '@postline/shared/contacts';
import { api } from '@/lib/api-client';

/** POST /contacts, or PUT /contacts/{id} for one being edited. */
export function saveContact(request: ContactRequest, id?: number): Promise<Contact> {
  return id === undefined
    ? api.post<Contact>('/contacts', request)
    : api.put<Contact>(`/contacts/${id}`, request);
}
