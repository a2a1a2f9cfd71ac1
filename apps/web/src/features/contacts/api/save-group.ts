import type { ContactGroup, ContactGroupRequest } from '@postline/shared/contacts';
import { api } from '@/lib/api-client';

/** POST /contact-groups, or PUT /contact-groups/{id}: the members become exactly memberIds. */
export function saveGroup(request: ContactGroupRequest, id?: number): Promise<ContactGroup> {
  return id === undefined
    ? api.post<ContactGroup>('/contact-groups', request)
    : api.put<ContactGroup>(`/contact-groups/${id}`, request);
}
