import type { Page } from '@postline/shared/common';
import type { ContactGroup } from '@postline/shared/contacts';
import { PAGE_SIZE_MAX } from '@postline/shared/limits';
import { api } from '@/lib/api-client';

/** GET /contact-groups: every group by name (one full page: people keep a handful). */
export async function fetchGroups(): Promise<ContactGroup[]> {
  return (await api.get<Page<ContactGroup>>('/contact-groups', { params: { page: 0, size: PAGE_SIZE_MAX } }))
    .content;
}
