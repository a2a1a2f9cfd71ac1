import type { Contact, ContactGroup } from '@postline/shared/contacts';
import type { StoredGroup } from './group-repository.js';
import type { StoredContact } from './repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentContact({ row, addresses, groupIds }: StoredContact): Contact {
  return {
    id: row.id,
    name: row.name,
    addresses,
    phone: row.phone,
    company: row.company,
    note: row.note,
    groupIds,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function presentGroup({ row, memberIds }: StoredGroup): ContactGroup {
  return {
    id: row.id,
    name: row.name,
    memberIds,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
