import ICAL from 'ical.js';
import type { ContactFields } from './repository.js';

/*
 * vCard (RFC 6350; 3.0 and 4.0 read alike) through ical.js, which parses and writes vCard as it does
 * iCalendar. What a contact keeps: FN (else N), every EMAIL, the first TEL, ORG and NOTE.
 */

/** One card as read; the service checks and trims it. */
export type ImportedContact = ContactFields;

const HANGUL = /[\uac00-\ud7a3]/u;

type Value = string | string[] | null;

function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(';');
  return typeof value === 'string' ? value.trim() : '';
}

/** N's family and given names as one name: 김민지 for Korean, "Minji Kim" otherwise. */
function nameFromN(n: Value): string {
  if (!Array.isArray(n)) return text(n);
  const [family = '', given = ''] = n.map(text);
  if (HANGUL.test(family + given)) return `${family}${given}`;
  return [given, family].filter(Boolean).join(' ');
}

function cardOf(component: ICAL.Component): ImportedContact {
  const value = (name: string) => component.getFirstPropertyValue(name) as Value;
  const optional = (name: string) => text(value(name)) || null;
  return {
    name: text(value('fn')) || nameFromN(value('n')),
    addresses: component
      .getAllProperties('email')
      .map((property) => text(property.getFirstValue()))
      .filter(Boolean),
    phone: optional('tel'),
    company: optional('org'),
    note: optional('note'),
  };
}

/** Every card of the file; throws on text that is not vCard. */
export function readVCards(content: string): ImportedContact[] {
  const parsed: unknown = ICAL.parse(content.replace(/^\uFEFF/u, ''));
  if (!Array.isArray(parsed) || parsed.length === 0) return [];
  const roots = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[][];
  return roots
    .map((jcard) => new ICAL.Component(jcard as never))
    .filter((component) => component.name === 'vcard')
    .map(cardOf);
}

/** The contacts as one vCard 4.0 file. */
export function writeVCards(list: readonly ContactFields[]): string {
  return list
    .map((contact) => {
      const card = new ICAL.Component('vcard');
      card.addPropertyWithValue('version', '4.0');
      card.addPropertyWithValue('fn', contact.name);
      for (const address of contact.addresses) card.addPropertyWithValue('email', address);
      if (contact.phone) card.addPropertyWithValue('tel', contact.phone);
      if (contact.company) {
        const org = new ICAL.Property('org', card);
        org.setValue(contact.company);
        card.addProperty(org);
      }
      if (contact.note) card.addPropertyWithValue('note', contact.note);
      return `${card.toString().replace(/\r?\n/gu, '\r\n')}\r\n`;
    })
    .join('');
}
