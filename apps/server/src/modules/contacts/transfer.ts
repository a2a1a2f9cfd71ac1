import {
  CONTACT_ADDRESSES_MAX,
  CONTACT_COMPANY_MAX,
  CONTACT_IMPORT_CHARS_MAX,
  CONTACT_IMPORT_COUNT_MAX,
  CONTACT_NAME_MAX,
  CONTACT_NOTE_MAX,
  CONTACT_PHONE_MAX,
  CONTACTS_MAX,
  type ContactExport,
  type ContactFileFormat,
  type ContactImportResult,
} from '@postline/shared/contacts';
import type { Language } from '@postline/shared/errors';
import { isValidEmailAddress } from '@postline/shared/request-fields';
import type { Database } from '../../db/client.js';
import { serverText } from '../../lib/i18n.js';
import { readCsv, writeCsv } from './csv.js';
import { importEmpty, importTooLarge, importTooMany, importUnreadable, tooManyContacts } from './errors.js';
import {
  allContacts,
  countContacts,
  insertContacts,
  keptAddresses,
  type ContactFields,
} from './repository.js';
import { readVCards, writeVCards } from './vcard.js';

/*
 * Import and export of contacts: vCard (vcard.ts) and CSV (csv.ts). An import is all or nothing:
 * the file is read and checked whole before one transaction stores it. An entry without a valid
 * address, or whose addresses the user already keeps, is skipped and counted.
 */

const clip = (value: string | null, max: number) => (value ? value.slice(0, max).trim() || null : null);

function cleaned(entry: ContactFields): ContactFields | null {
  const addresses = [
    ...new Set(entry.addresses.map((a) => a.toLowerCase()).filter((a) => isValidEmailAddress(a))),
  ].slice(0, CONTACT_ADDRESSES_MAX);
  if (addresses.length === 0) return null;
  return {
    name: clip(entry.name, CONTACT_NAME_MAX) ?? addresses[0]!.split('@')[0]!,
    addresses,
    phone: clip(entry.phone, CONTACT_PHONE_MAX),
    company: clip(entry.company, CONTACT_COMPANY_MAX),
    note: clip(entry.note, CONTACT_NOTE_MAX),
  };
}

function read(format: ContactFileFormat, content: string): ContactFields[] {
  try {
    return format === 'vcard' ? readVCards(content) : readCsv(content);
  } catch {
    throw importUnreadable(format);
  }
}

export async function importContacts(
  database: Database,
  userId: number,
  format: ContactFileFormat,
  content: string,
): Promise<ContactImportResult> {
  if (content.length > CONTACT_IMPORT_CHARS_MAX) throw importTooLarge();
  const entries = read(format, content);
  if (entries.length === 0) throw importEmpty();
  if (entries.length > CONTACT_IMPORT_COUNT_MAX)
    throw importTooMany(entries.length, CONTACT_IMPORT_COUNT_MAX);
  return database.transaction(async (tx) => {
    const valid = entries.map(cleaned).filter((entry) => entry !== null);
    const kept = await keptAddresses(
      tx,
      userId,
      valid.flatMap((entry) => entry.addresses),
    );
    const fresh: ContactFields[] = [];
    for (const entry of valid) {
      // Addresses kept already (or earlier in this file) are left out; an entry with none left is skipped.
      const addresses = entry.addresses.filter((address) => !kept.has(address));
      if (addresses.length === 0) continue;
      for (const address of addresses) kept.add(address);
      fresh.push({ ...entry, addresses });
    }
    if ((await countContacts(tx, userId)) + fresh.length > CONTACTS_MAX) throw tooManyContacts();
    await insertContacts(tx, userId, fresh);
    return { imported: fresh.length, skipped: entries.length - fresh.length };
  });
}

export async function exportContacts(
  database: Database,
  userId: number,
  format: ContactFileFormat,
  lang: Language,
): Promise<ContactExport> {
  const list = (await allContacts(database.db, userId)).map(({ row, addresses }) => ({
    name: row.name,
    addresses,
    phone: row.phone,
    company: row.company,
    note: row.note,
  }));
  const base = serverText(lang, 'contacts:exportFileName');
  return format === 'vcard'
    ? { fileName: `${base}.vcf`, mediaType: 'text/vcard', content: writeVCards(list) }
    : { fileName: `${base}.csv`, mediaType: 'text/csv', content: writeCsv(list) };
}
