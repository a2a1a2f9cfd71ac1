import { COMPOSE_MAX_FILE_BYTES } from '@postline/shared/limits';
import { localizeValidationMessage, type ValidationMessageKey } from '@postline/shared/validation-messages';
import { AppError } from '../../lib/errors.js';
import type { ContentRefusal } from './content-check.js';

type Texts = { ko: string; en: string };

/** "25 MB": the limit as people say it, not formatBytes' "25.0 MB". */
export const MAX_FILE_SIZE_TEXT = `${COMPOSE_MAX_FILE_BYTES / (1024 * 1024)} MB`;

const ALLOWED_KINDS: Texts = {
  ko: '이미지, PDF, Word, Excel, 텍스트, ZIP, RAR 파일만 첨부할 수 있습니다.',
  en: 'Only images, PDF, Word, Excel, plain text, ZIP and RAR files can be attached.',
};

function shared(key: ValidationMessageKey, value?: string): Texts {
  const message = value === undefined ? key : `${key}|${value}`;
  return { ko: localizeValidationMessage(message, 'ko'), en: localizeValidationMessage(message, 'en') };
}

export function attachmentTooLarge(): AppError {
  return new AppError(413, 'ATTACHMENT_TOO_LARGE', { text: shared('fileTooLargeMax', MAX_FILE_SIZE_TEXT) });
}

/** A name or declared type off the compose allow-list. */
export function fileTypeNotAllowed(): AppError {
  const base = shared('invalidFileType');
  return new AppError(415, 'INVALID_FILE_TYPE', {
    text: { ko: `${base.ko} ${ALLOWED_KINDS.ko}`, en: `${base.en} ${ALLOWED_KINDS.en}` },
  });
}

export function emptyFile(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', { text: shared('emptyFile') });
}

/** Bytes that are not what the name says. */
export function contentRefused(reason: ContentRefusal, extension: string): AppError {
  if (reason === 'emptyFile') return emptyFile();
  const shown = extension ? `.${extension}` : '';
  const texts: Record<Exclude<ContentRefusal, 'emptyFile'>, Texts> = {
    executable: {
      ko: '실행 파일은 이름이나 확장자와 관계없이 첨부할 수 없습니다.',
      en: 'Executable files cannot be attached, whatever their name.',
    },
    contentMismatch: {
      ko: `파일 내용이 형식(${shown || '알 수 없음'})과 일치하지 않아 첨부할 수 없습니다.`,
      en: `The file's content does not match its type (${shown || 'unknown'}), so it cannot be attached.`,
    },
    binaryText: {
      ko: '텍스트 파일에 텍스트가 아닌 데이터가 들어 있어 첨부할 수 없습니다.',
      en: 'This text file contains binary data, so it cannot be attached.',
    },
  };
  return new AppError(415, 'INVALID_FILE_TYPE', { text: texts[reason] });
}

/** A message of the shared table (validation-messages.ts) as a 400. */
export function invalidField(key: ValidationMessageKey, value?: string | number): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: shared(key, value === undefined ? undefined : String(value)),
  });
}

export function uploadNeedsMultipart(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: {
      ko: '파일은 multipart/form-data 형식의 file 필드로 보내야 합니다.',
      en: 'Send the file as multipart/form-data in a field named file.',
    },
  });
}

export function noFileInUpload(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: { ko: '업로드할 파일을 선택해 주세요.', en: 'Choose a file to upload.' },
  });
}

export function oneFilePerUpload(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: { ko: '한 번에 파일 하나씩 업로드해 주세요.', en: 'Upload one file per request.' },
  });
}

export function uploadInterrupted(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: {
      ko: '업로드가 중간에 끊겼습니다. 다시 시도해 주세요.',
      en: 'The upload was cut off. Please try again.',
    },
  });
}

export function attachmentNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', {
    text: { ko: '첨부 파일을 찾을 수 없습니다.', en: 'Attachment not found.' },
  });
}

export function messageNotFound(): AppError {
  return new AppError(404, 'MAIL_NOT_FOUND');
}

export function onlyDraftsTakeUploads(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: {
      ko: '파일은 임시 저장된 메일에만 추가할 수 있습니다.',
      en: 'Files can only be added to a draft.',
    },
  });
}

export function attachmentOfDeliveredMail(): AppError {
  return new AppError(400, 'VALIDATION_ERROR', {
    text: {
      ko: '보내거나 받은 메일의 첨부 파일은 따로 삭제할 수 없습니다. 메일을 영구 삭제하면 함께 삭제됩니다.',
      en: 'Attachments of sent or received mail cannot be deleted on their own; they go when the mail is deleted for good.',
    },
  });
}

export function blobMissing(): AppError {
  return new AppError(500, 'SERVER_ERROR');
}

/** A message of the user's whose original source was never kept (a draft, mail older than sources). */
export function sourceNotKept(): AppError {
  return new AppError(404, 'NOT_FOUND', {
    text: {
      ko: '이 메일의 원본은 보관되어 있지 않습니다.',
      en: 'The original source of this message was not kept.',
    },
  });
}
