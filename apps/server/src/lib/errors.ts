import type { ErrorCode } from '@postline/shared/errors';
import type { LocalizedText } from './i18n.js';

/**
 * An error the client is meant to see: HTTP status, SPEC §8 code, and optionally a message key
 * (from the shared validation messages) or a fixed text per language instead of the code's text.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail?: {
      key?: string;
      params?: Record<string, string | number>;
      text?: LocalizedText;
    },
  ) {
    super(detail?.text?.en ?? detail?.key ?? code);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND', text?: LocalizedText) =>
  new AppError(404, code, text ? { text } : undefined);

export const badRequest = (key: string, params?: Record<string, string | number>) =>
  new AppError(400, 'VALIDATION_ERROR', { key, ...(params ? { params } : {}) });

export const unauthorized = (code: ErrorCode = 'AUTHENTICATION_FAILED') => new AppError(401, code);
