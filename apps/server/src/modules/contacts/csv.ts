import Papa from 'papaparse';
import type { ContactFields } from './repository.js';

/*
 * CSV through papaparse, with the columns of Google Contacts' export ("Name" or "First Name" /
 * "Last Name", "E-mail 1 - Value"…, "Phone 1 - Value", "Organization Name" or "Organization 1 -
 * Name", "Notes") and of Outlook's ("First Name", "Last Name", "E-mail Address", "E-mail 2
 * Address", "Mobile Phone", "Company", "Notes"). Column names are compared without case.
 */

const HANGUL = /[\uac00-\ud7a3]/u;
const EMAIL_COLUMN = /^e-?mail(\s*\d+)?(\s*-\s*value|\s+address)$|^e-?mail$/u;
const PHONE_COLUMNS = [
  'phone 1 - value',
  'mobile phone',
  'primary phone',
  'business phone',
  'home phone',
  'phone',
];
const COMPANY_COLUMNS = ['organization name', 'organization 1 - name', 'company'];
const NOTE_COLUMNS = ['notes', 'note'];

type Row = Record<string, string>;

function first(row: Row, columns: readonly string[]): string | null {
  for (const column of columns) {
    const value = row[column]?.trim();
    if (value) return value;
  }
  return null;
}

function nameOf(row: Row): string {
  const whole = first(row, ['name', 'display name', 'e-mail display name']);
  if (whole) return whole;
  const given = first(row, ['first name', 'given name']) ?? '';
  const middle = first(row, ['middle name', 'additional name']) ?? '';
  const family = first(row, ['last name', 'family name']) ?? '';
  if (HANGUL.test(family + given)) return `${family}${given}${middle}`;
  return [given, middle, family].filter(Boolean).join(' ');
}

/** Google puts several addresses of one label in one cell, joined by " ::: ". */
function addressesOf(row: Row): string[] {
  return Object.keys(row)
    .filter((column) => EMAIL_COLUMN.test(column))
    .flatMap((column) => (row[column] ?? '').split(':::'))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Every row of the file with a name or an address; throws when the text is not a CSV with a header. */
export function readCsv(content: string): ContactFields[] {
  const result = Papa.parse<Row>(content.replace(/^\uFEFF/u, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = result.meta.fields ?? [];
  if (!fields.some((column) => EMAIL_COLUMN.test(column))) throw new Error('no e-mail column');
  return result.data
    .map((row) => ({
      name: nameOf(row),
      addresses: addressesOf(row),
      phone: first(row, PHONE_COLUMNS),
      company: first(row, COMPANY_COLUMNS),
      note: first(row, NOTE_COLUMNS),
    }))
    .filter((contact) => contact.name || contact.addresses.length > 0);
}

/** The contacts in Google's columns, which Google and Outlook both import; a BOM for spreadsheets. */
export function writeCsv(list: readonly ContactFields[]): string {
  const emailColumns = Math.max(1, ...list.map((contact) => contact.addresses.length));
  const header = [
    'Name',
    ...Array.from({ length: emailColumns }, (_, i) => `E-mail ${i + 1} - Value`),
    'Phone 1 - Value',
    'Organization Name',
    'Notes',
  ];
  const rows = list.map((contact) => [
    contact.name,
    ...Array.from({ length: emailColumns }, (_, i) => contact.addresses[i] ?? ''),
    contact.phone ?? '',
    contact.company ?? '',
    contact.note ?? '',
  ]);
  return `\uFEFF${Papa.unparse({ fields: header, data: rows }, { newline: '\r\n', escapeFormulae: true })}\r\n`;
}
