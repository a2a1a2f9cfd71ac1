/** Error codes of SPEC §8 with their Korean and English messages, shared by server and web. */
export const ERROR_CODES = [
  'AUTHENTICATION_FAILED',
  'INVALID_CREDENTIALS',
  'TOKEN_EXPIRED',
  'ACCESS_DENIED',
  'MAIL_SEND_FAILED',
  'MAIL_NOT_FOUND',
  'INVALID_EMAIL_ADDRESS',
  'ATTACHMENT_TOO_LARGE',
  'INVALID_FILE_TYPE',
  'FILTER_NOT_FOUND',
  'FILTER_CREATION_FAILED',
  'FILTER_UPDATE_FAILED',
  'FILTER_DELETE_FAILED',
  'TEMPLATE_NOT_FOUND',
  'TEMPLATE_CREATION_FAILED',
  'SIGNATURE_NOT_FOUND',
  'SIGNATURE_CREATION_FAILED',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'VALIDATION_ERROR',
  'UNKNOWN_ERROR',
  // Beyond SPEC §8: the HTTP layer needs these to stay precise.
  'NOT_FOUND',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'CONFLICT',
  'SERVICE_UNAVAILABLE',
  'REQUEST_TIMEOUT',
  'SEARCH_TOO_BROAD',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type Language = 'ko' | 'en';
export const LANGUAGES: readonly Language[] = ['ko', 'en'];
export const DEFAULT_LANGUAGE: Language = 'ko';
/**
 * Cookie holding the language the user chose in the web app (besides its local storage), so that
 * the server can send the page that preloads that language's texts (issue 17).
 */
export const LANGUAGE_COOKIE = 'postline_lang';

export const ERROR_MESSAGES: Record<ErrorCode, Record<Language, string>> = {
  AUTHENTICATION_FAILED: {
    ko: '인증에 실패했습니다. 다시 로그인해 주세요.',
    en: 'Authentication failed. Please sign in again.',
  },
  INVALID_CREDENTIALS: {
    ko: '로그인 정보가 올바르지 않습니다.',
    en: 'The sign-in details are not valid.',
  },
  TOKEN_EXPIRED: {
    ko: '세션이 만료되었습니다. 다시 로그인해 주세요.',
    en: 'Your session has expired. Please sign in again.',
  },
  ACCESS_DENIED: { ko: '접근 권한이 없습니다.', en: 'Access denied.' },
  MAIL_SEND_FAILED: { ko: '메일 전송에 실패했습니다.', en: 'The mail could not be sent.' },
  MAIL_NOT_FOUND: { ko: '메일을 찾을 수 없습니다.', en: 'Mail not found.' },
  INVALID_EMAIL_ADDRESS: {
    ko: '올바른 이메일 주소가 아닙니다.',
    en: 'That is not a valid e-mail address.',
  },
  ATTACHMENT_TOO_LARGE: { ko: '첨부 파일이 너무 큽니다.', en: 'The attachment is too large.' },
  INVALID_FILE_TYPE: {
    ko: '허용되지 않는 파일 형식입니다.',
    en: 'This file type is not allowed.',
  },
  FILTER_NOT_FOUND: { ko: '필터를 찾을 수 없습니다.', en: 'Filter not found.' },
  FILTER_CREATION_FAILED: { ko: '필터를 만들지 못했습니다.', en: 'The filter could not be created.' },
  FILTER_UPDATE_FAILED: { ko: '필터를 수정하지 못했습니다.', en: 'The filter could not be updated.' },
  FILTER_DELETE_FAILED: { ko: '필터를 삭제하지 못했습니다.', en: 'The filter could not be deleted.' },
  TEMPLATE_NOT_FOUND: { ko: '템플릿을 찾을 수 없습니다.', en: 'Template not found.' },
  TEMPLATE_CREATION_FAILED: {
    ko: '템플릿을 만들지 못했습니다.',
    en: 'The template could not be created.',
  },
  SIGNATURE_NOT_FOUND: { ko: '서명을 찾을 수 없습니다.', en: 'Signature not found.' },
  SIGNATURE_CREATION_FAILED: {
    ko: '서명을 만들지 못했습니다.',
    en: 'The signature could not be created.',
  },
  NETWORK_ERROR: { ko: '네트워크 오류가 발생했습니다.', en: 'A network error occurred.' },
  SERVER_ERROR: {
    ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'A server error occurred. Please try again shortly.',
  },
  VALIDATION_ERROR: { ko: '입력값이 올바르지 않습니다.', en: 'The input is not valid.' },
  UNKNOWN_ERROR: { ko: '알 수 없는 오류가 발생했습니다.', en: 'An unknown error occurred.' },
  NOT_FOUND: { ko: '요청한 항목을 찾을 수 없습니다.', en: 'The requested item was not found.' },
  RATE_LIMITED: {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests. Please try again later.',
  },
  PAYLOAD_TOO_LARGE: { ko: '요청이 너무 큽니다.', en: 'The request is too large.' },
  CONFLICT: { ko: '이미 존재하거나 충돌하는 요청입니다.', en: 'This conflicts with existing data.' },
  SERVICE_UNAVAILABLE: {
    ko: '서비스를 일시적으로 사용할 수 없습니다.',
    en: 'The service is temporarily unavailable.',
  },
  REQUEST_TIMEOUT: {
    ko: '요청이 너무 느리게 도착해 연결을 닫았습니다. 연결 상태를 확인한 뒤 다시 시도해 주세요.',
    en: 'The request arrived too slowly and the connection was closed. Check your connection and try again.',
  },
  SEARCH_TOO_BROAD: {
    ko: '검색 범위가 너무 넓어 답할 수 없습니다. 단어를 더 구체적으로 쓰거나 보낸 사람, 메일함, 기간으로 좁혀 주세요.',
    en: 'This search is too broad to answer. Narrow it with more specific words, a sender, a folder or dates.',
  },
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Picks the language from an Accept-Language header; Korean unless English is preferred. */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag.length > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('ko')) return 'ko';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}
