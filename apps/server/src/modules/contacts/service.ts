import { makePage, type Page } from '@postline/shared/common';
import type {
  contactListQuerySchema,
  contactRequestSchema,
  Contact,
  ContactSuggestion,
} from '@postline/shared/contacts';
import { CONTACTS_MAX } from '@postline/shared/contacts';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { contactNotFound, tooManyContacts } from './errors.js';
import { presentContact } from './presenter.js';
import {
  countContacts,
  deleteContact,
  findContactRow,
  insertContacts,
  listContactRows,
  updateContact,
  withDetails,
  type ContactFields,
} from './repository.js';
import { foldSeenAddresses } from './seen.js';
import { foldQuery } from './search-keys.js';
import { suggest } from './suggest.js';

type ContactRequest = z.output<typeof contactRequestSchema>;
type ListQuery = z.output<typeof contactListQuerySchema>;

/** A checked request as stored: addresses in lower case, each once, blanks as null. */
export function contactFields(request: ContactRequest): ContactFields {
  return {
    name: request.name,
    addresses: [...new Set(request.addresses.map((address) => address.toLowerCase()))],
    phone: request.phone ?? null,
    company: request.company ?? null,
    note: request.note ?? null,
  };
}

/** Contacts of one user (SPEC-style CRUD) and autocomplete; another user's ids are not found. */
export class ContactService {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async list(userId: number, query: ListQuery): Promise<Page<Contact>> {
    const q = query.q ? foldQuery(query.q) : undefined;
    const total = await countContacts(this.db, userId, q, query.groupId);
    const rows = await listContactRows(this.db, userId, {
      q,
      groupId: query.groupId,
      limit: query.size,
      offset: query.page * query.size,
    });
    return makePage((await withDetails(this.db, rows)).map(presentContact), query.page, query.size, total);
  }

  async get(userId: number, id: number): Promise<Contact> {
    const row = await findContactRow(this.db, userId, id);
    if (!row) throw contactNotFound();
    const [stored] = await withDetails(this.db, [row]);
    return presentContact(stored!);
  }

  async create(userId: number, request: ContactRequest): Promise<Contact> {
    const id = await this.database.transaction(async (tx) => {
      if ((await countContacts(tx, userId)) >= CONTACTS_MAX) throw tooManyContacts();
      const [made] = await insertContacts(tx, userId, [contactFields(request)]);
      return made!;
    });
    return this.get(userId, id);
  }

  async update(userId: number, id: number, request: ContactRequest): Promise<Contact> {
    const updated = await this.database.transaction((tx) =>
      updateContact(tx, userId, id, contactFields(request)),
    );
    if (!updated) throw contactNotFound();
    return this.get(userId, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    const deleted = await this.database.transaction((tx) => deleteContact(tx, userId, id));
    if (!deleted) throw contactNotFound();
  }

  /** Folds the user's new mail into their seen addresses first (seen.ts), then asks. */
  async suggest(userId: number, q: string, limit: number): Promise<ContactSuggestion[]> {
    await foldSeenAddresses(this.database, userId);
    return suggest(this.db, userId, q, limit);
  }
}
