import i18next from 'i18next';
import { isErrorCode, type ErrorCode } from '@postline/shared/errors';

export interface FieldError {
  field: string;
  message: string;
}

/** How the call failed: an HTTP answer, an envelope saying success false, no answer, or too slow. */
export type ApiErrorKind = 'http' | 'envelope' | 'network' | 'timeout';

/** The one error type every server call rejects with; its message is ready to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly fieldErrors: FieldError[];
  readonly kind: ApiErrorKind;

  constructor(init: {
    message: string;
    status: number;
    kind: ApiErrorKind;
    code?: ErrorCode | undefined;
    fieldErrors?: FieldError[];
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
  }

  get isUnauthorized(): boolean {
    return (
      this.status === 401 ||
      this.code === 'AUTHENTICATION_FAILED' ||
      this.code === 'TOKEN_EXPIRED' ||
      this.code === 'INVALID_CREDENTIALS'
    );
  }

  get isServerError(): boolean {
    return this.status >= 500;
  }
}

/** Statuses with their own text (SPEC §8); any other reads 'error occurred (code: N)'. */
export const STATUSES_WITH_TEXT = [400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 ? value : undefined;
}

export function statusText(status: number): string {
  if ((STATUSES_WITH_TEXT as readonly number[]).includes(status)) {
    return i18next.t(`http.status.${status}`, { ns: 'common' });
  }
  return i18next.t('http.unknown', { ns: 'common', code: status });
}

function codeOf(body: Record<string, unknown>): ErrorCode | undefined {
  const candidate = [body.code, body.errorCode, body.type].find(isErrorCode);
  return candidate;
}

function fieldErrorsOf(body: Record<string, unknown>): FieldError[] {
  if (!Array.isArray(body.errors)) return [];
  return body.errors.flatMap((entry): FieldError[] =>
    isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string'
      ? [{ field: entry.field, message: entry.message }]
      : [],
  );
}

/**
 * SPEC §8 message choice: the answer's message, else its error field, else the text for the
 * status, else 'error occurred (code: N)'.
 */
export function errorFromResponse(status: number, body: unknown, kind: ApiErrorKind = 'http'): ApiError {
  const record = isRecord(body) ? body : {};
  const message = nonEmptyString(record.message) ?? nonEmptyString(record.error) ?? statusText(status);
  return new ApiError({
    message,
    status,
    kind,
    code: codeOf(record),
    fieldErrors: fieldErrorsOf(record),
  });
}

export function timeoutError(): ApiError {
  return new ApiError({
    message: i18next.t('http.timeout', { ns: 'common' }),
    status: 0,
    kind: 'timeout',
    code: 'NETWORK_ERROR',
  });
}

export function networkError(): ApiError {
  return new ApiError({
    message: i18next.t('http.network', { ns: 'common' }),
    status: 0,
    kind: 'network',
    code: 'NETWORK_ERROR',
  });
}

/** Text for anything a call may reject with, for screens that show it in a toast or banner. */
export function messageOf(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.message;
  if (fallback) return fallback;
  return i18next.t('errors.UNKNOWN_ERROR', { ns: 'common' });
}
