import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactFileFormat, ContactGroupRequest, ContactRequest } from '@postline/shared/contacts';
import { queryKeys } from '@/lib/query-keys';
import { deleteContact } from './api/delete-contact';
import { deleteGroup } from './api/delete-group';
import { exportContacts } from './api/export-contacts';
import { importContacts } from './api/import-contacts';
import { fetchContacts, type ContactListParams } from './api/list-contacts';
import { fetchGroups } from './api/list-groups';
import { saveContact } from './api/save-contact';
import { saveGroup } from './api/save-group';

/** A page of contacts; a newer search or group keeps the previous page shown until it answers. */
export function useContactList(params: ContactListParams) {
  return useQuery({
    queryKey: queryKeys.contacts.list(params),
    queryFn: () => fetchContacts(params),
    placeholderData: keepPreviousData,
  });
}

export function useContactGroups() {
  return useQuery({ queryKey: queryKeys.contacts.groups, queryFn: fetchGroups });
}

/**
 * The page's writes. Each reloads every contacts entry (a contact's groups and a group's members
 * show on both sides); they rethrow, so a form stays open and shows why.
 */
export function useContactWrites() {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.contacts.all });
  async function after<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    await reload();
    return result;
  }
  return {
    saveContact: (request: ContactRequest, id?: number) => after(saveContact(request, id)),
    removeContact: (id: number) => after(deleteContact(id)),
    saveGroup: (request: ContactGroupRequest, id?: number) => after(saveGroup(request, id)),
    removeGroup: (id: number) => after(deleteGroup(id)),
    importFile: (format: ContactFileFormat, content: string) => after(importContacts(format, content)),
    exportFile: (format: ContactFileFormat) => exportContacts(format),
  };
}
