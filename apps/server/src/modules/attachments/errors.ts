import { describeAllowedTypes } from '@postline/shared/attachment-rules';
import type { Language } from '@postline/shared/errors';
import { COMPOSE_MAX_FILE_BYTES } from '@postline/shared/limits';
import { localizeValidationMessage, type ValidationMessageKey } from '@postline/shared/validation-messages';
import { AppError } from '../../lib/errors.js';
import { byLanguage, localizedText, serverText, type LocalizedText } from '../../lib/i18n.js';
import type { ContentRefusal } from './content-check.js';

/** "25 MB": the limit as people say it, not formatBytes' "25.0 MB". */
export const MAX_FILE_SIZE_TEXT = `${COMPOSE_MAX_FILE_BYTES / (1024 * 1024)} MB`;

function shared(key: ValidationMessageKey, value?: string): LocalizedText {
  const message = value === undefined ? key : `${key}|${value}`;
  return byLanguage((lang) => localizeValidationMessage(message, lang));
}

export function attachmentTooLarge(): AppError {
  return new AppError(413, 'ATTACHMENT_TOO_LARGE', { text: shared('fileTooLargeMax', MAX_FILE_SIZE_TEXT) });
}

/** A name or declared type off the compose allow-list; the answer says what is allowed. */
export function fileTypeNotAllowed(allowed: readonly string[]): AppError {
  const base = shared('invalidFileType');
  const allowedText = (lang: Language) =>
    serverText(lang, 'attachments:allowedKinds', {
      types: describeAllowedTypes(allowed, (group) => serverText(lang, `attachments:typeGroups.${group}`)),
    });
  return new AppError(415, 'INVALID_FILE_TYPE', {
    text: byLanguage((lang) => `${base[lang]} ${allowedText(lang)}`),
  });
}

export function emptyFile(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', { text: shared('emptyFile') });
}

/** Bytes that are not what the name says. */
export function contentRefused(reason: ContentRefusal, extension: string): AppError {
  if (reason === 'emptyFile') return emptyFile();
  const shown = extension ? `.${extension}` : '';
  const text = localizedText(`attachments:${reason}`, (lang) => ({
    type: shown || serverText(lang, 'attachments:unknownType'),
  }));
  return new AppError(415, 'INVALID_FILE_TYPE', { text });
}

/** A message of the shared table (validation-messages.ts) as a 400. */
export function invalidField(key: ValidationMessageKey, value?: string | number): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: shared(key, value === undefined ? undefined : String(value)),
  });
}

export function uploadNeedsMultipart(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: localizedText('attachments:uploadNeedsMultipart'),
  });
}

export function noFileInUpload(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: localizedText('attachments:noFileInUpload'),
  });
}

export function oneFilePerUpload(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: localizedText('attachments:oneFilePerUpload'),
  });
}

export function uploadInterrupted(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: localizedText('attachments:uploadInterrupted'),
  });
}

export function attachmentNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', {
    text: localizedText('attachments:attachmentNotFound'),
  });
}

export function messageNotFound(): AppError {
  return new AppError(404, 'MAIL_NOT_FOUND');
}

export function onlyDraftsTakeUploads(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: localizedText('attachments:onlyDraftsTakeUploads'),
  });
}

export function attachmentOfDeliveredMail(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: localizedText('attachments:attachmentOfDeliveredMail'),
  });
}

export function blobMissing(): AppError {
  return new AppError(500, 'SERVER_ERROR');
}
