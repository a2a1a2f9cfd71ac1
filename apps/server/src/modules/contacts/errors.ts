import { CONTACT_GROUPS_MAX, CONTACT_IMPORT_CHARS_MAX, CONTACTS_MAX } from '@postline/shared/contacts';
import { AppError } from '../../lib/errors.js';
import { localizedText } from '../../lib/i18n.js';

/** The contacts area's refusals, each in the reader's language. */

export const contactNotFound = () =>
  new AppError(404, 'NOT_FOUND', { text: localizedText('contacts:contactNotFound') });

export const groupNotFound = () =>
  new AppError(404, 'NOT_FOUND', { text: localizedText('contacts:groupNotFound') });

export const groupNameTaken = () =>
  new AppError(409, 'CONFLICT', { text: localizedText('contacts:groupNameTaken') });

/** A member id that is not one of the user's contacts: as if it did not exist. */
export const membersNotFound = () =>
  new AppError(404, 'NOT_FOUND', { text: localizedText('contacts:membersNotFound') });

export const tooManyContacts = () =>
  new AppError(409, 'CONFLICT', { text: localizedText('contacts:tooManyContacts', { max: CONTACTS_MAX }) });

export const tooManyGroups = () =>
  new AppError(409, 'CONFLICT', {
    text: localizedText('contacts:tooManyGroups', { max: CONTACT_GROUPS_MAX }),
  });

export const importTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', {
    text: localizedText('contacts:importTooLarge', { max: Math.round(CONTACT_IMPORT_CHARS_MAX / 1024) }),
  });

export const importTooMany = (count: number, max: number) =>
  new AppError(400, 'VALIDATION_ERROR', { text: localizedText('contacts:importTooMany', { max, count }) });

export const importUnreadable = (format: 'vcard' | 'csv') =>
  new AppError(400, 'VALIDATION_ERROR', {
    text: localizedText('contacts:importUnreadable', { format: format === 'vcard' ? 'vCard' : 'CSV' }),
  });

export const importEmpty = () =>
  new AppError(400, 'VALIDATION_ERROR', { text: localizedText('contacts:importEmpty') });
