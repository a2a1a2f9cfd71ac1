import type { Language } from './errors.js';

/**
 * Zod issue messages in the contract are keys, not sentences, so the server (ko/en by Accept-Language)
 * and the web (translation keys) can both show them in the user's language.
 *
 * A message is either `key` or `key|value` when the user must see which input was wrong
 * (the bad template variable, the length limit). `{value}` in the text is replaced by that value.
 */
interface LocalizedText {
  ko: string;
  en: string;
}

const table = {
  required: { ko: '필수 입력 항목입니다.', en: 'This field is required.' },
  invalidValue: { ko: '허용되지 않는 값입니다.', en: 'This value is not allowed.' },
  invalidId: { ko: '올바른 ID가 아닙니다.', en: 'That is not a valid id.' },
  tooLong: { ko: '최대 {value}자까지 입력할 수 있습니다.', en: 'At most {value} characters.' },
  toRequired: { ko: '받는 사람을 입력해 주세요.', en: 'Enter at least one recipient.' },
  subjectRequired: { ko: '제목을 입력해 주세요.', en: 'Enter a subject.' },
  bodyRequired: { ko: '내용을 입력해 주세요.', en: 'Enter the message body.' },
  draftSubjectRequired: {
    ko: '임시 저장하려면 제목을 입력해야 합니다.',
    en: 'Enter a subject to save a draft.',
  },
  invalidEmail: { ko: '올바른 이메일 주소가 아닙니다.', en: 'That is not a valid e-mail address.' },
  tooManyRecipients: {
    ko: '받는 사람은 최대 {value}명까지 지정할 수 있습니다.',
    en: 'At most {value} recipients.',
  },
  tooManyItems: { ko: '한 번에 최대 {value}개까지 가능합니다.', en: 'At most {value} at a time.' },
  idsRequired: { ko: '하나 이상 선택해 주세요.', en: 'Select at least one item.' },
  invalidPriority: {
    ko: '우선순위는 1에서 5 사이여야 합니다.',
    en: 'Priority must be between 1 and 5.',
  },
  invalidImportance: {
    ko: '중요도는 HIGH, NORMAL, LOW 중 하나여야 합니다.',
    en: 'Importance must be HIGH, NORMAL or LOW.',
  },
  invalidMailboxType: { ko: '알 수 없는 메일함 종류입니다.', en: 'Unknown mailbox type.' },
  invalidCursor: {
    ko: '페이지 위치가 올바르지 않습니다. 목록을 처음부터 다시 열어 주세요.',
    en: 'That page position is not valid. Open the list again from the start.',
  },
  invalidSort: {
    ko: '정렬 기준은 receivedAt, subject, from, size 중 하나여야 합니다.',
    en: 'Sort by receivedAt, subject, from or size.',
  },
  invalidDate: {
    ko: '날짜 형식이 올바르지 않습니다 (YYYY-MM-DD).',
    en: 'The date is not valid (YYYY-MM-DD).',
  },
  invalidDateRange: {
    ko: '종료일은 시작일보다 빠를 수 없습니다.',
    en: 'The end date cannot be before the start date.',
  },
  undoSendSeconds: {
    ko: '보내기 취소 시간은 5, 10, 20, 30초 중 하나여야 합니다.',
    en: 'The undo send delay must be 5, 10, 20 or 30 seconds.',
  },
  sendAtPast: {
    ko: '예약 시간은 지금보다 뒤여야 합니다.',
    en: 'The scheduled time must be in the future.',
  },
  sendAtTooFar: {
    ko: '예약 시간은 1년 이내여야 합니다.',
    en: 'The scheduled time must be within a year.',
  },
  nameRequired: { ko: '이름을 입력해 주세요.', en: 'Enter a name.' },
  signatureNameRequired: { ko: '서명 이름을 입력해 주세요.', en: 'Enter a signature name.' },
  specialCharacters: {
    ko: '이름에 < > " / \\ | ? * 문자는 사용할 수 없습니다.',
    en: 'The name cannot contain < > " / \\ | ? *.',
  },
  contentRequired: { ko: '내용을 입력해 주세요.', en: 'Enter the content.' },
  invalidImageUrl: {
    ko: '이미지 주소는 https:// 로 시작하는 URL이어야 합니다.',
    en: 'The image address must be an https:// URL.',
  },
  invalidVariable: {
    ko: '올바르지 않은 변수입니다: {value} (예: {{name}})',
    en: 'Invalid variable: {value} (use {{name}})',
  },
  invalidColor: {
    ko: '색상은 #RRGGBB 형식이어야 합니다.',
    en: 'The colour must be in #RRGGBB form.',
  },
  categoryRequired: { ko: '카테고리를 선택해 주세요.', en: 'Choose a category.' },
  invalidTemplate: {
    ko: '올바른 템플릿 파일이 아닙니다.',
    en: 'This is not a valid template file.',
  },
  emptyFile: { ko: '빈 파일은 첨부할 수 없습니다.', en: 'Empty files cannot be attached.' },
  fileTooLargeMax: {
    ko: '파일 크기는 최대 {value}까지 가능합니다.',
    en: 'Files can be at most {value}.',
  },
  invalidFileType: {
    ko: '허용되지 않는 파일 형식입니다.',
    en: 'This file type is not allowed.',
  },
  maxFilesExceeded: {
    ko: '파일은 최대 {value}개까지 첨부할 수 있습니다.',
    en: 'At most {value} files can be attached.',
  },
  searchUnclosedQuote: {
    ko: '따옴표가 닫히지 않았습니다: {value}',
    en: 'A quote is not closed: {value}',
  },
  searchUnbalanced: {
    ko: '괄호의 짝이 맞지 않습니다: {value}',
    en: 'A bracket has no partner: {value}',
  },
  searchMissingValue: {
    ko: '검색할 값이 빠졌습니다: {value}',
    en: 'Something to search for is missing after {value}',
  },
  searchBadDate: {
    ko: '날짜를 읽을 수 없습니다: {value} (예: 2026-01-31 또는 2026/01/31)',
    en: 'This date cannot be read: {value} (use 2026-01-31 or 2026/01/31)',
  },
  searchBadSize: {
    ko: '크기를 읽을 수 없습니다: {value} (예: 5M, 200K)',
    en: 'This size cannot be read: {value} (use 5M or 200K)',
  },
  searchBadValue: {
    ko: '알 수 없는 검색 조건입니다: {value}',
    en: 'Unknown search condition: {value}',
  },
  searchUnsupportedOperator: {
    ko: '지원하지 않는 검색 연산자입니다: {value}',
    en: 'This search operator is not supported: {value}',
  },
  searchTooManyConditions: {
    ko: '검색어와 검색 조건은 최대 {value}개까지 쓸 수 있습니다.',
    en: 'A search can hold at most {value} words and conditions.',
  },
  awayDates: {
    ko: '마지막 날은 첫날과 같거나 그 뒤여야 합니다.',
    en: 'The last day must be on or after the first day.',
  },
  awayDay: { ko: '날짜는 YYYY-MM-DD 형식이어야 합니다.', en: 'A day is written YYYY-MM-DD.' },
  awayInterval: {
    ko: '같은 사람에게 다시 답하는 간격은 1일에서 30일 사이여야 합니다.',
    en: 'Answering the same person again must wait 1 to 30 days.',
  },
} as const satisfies Record<string, LocalizedText>;

type Table = typeof table;
export type ValidationMessageKey = keyof Table;
/** Keys whose text shows the offending input or the limit: they must be given a value. */
export type ValuedMessageKey = {
  [K in ValidationMessageKey]: Table[K]['en'] extends `${string}{value}${string}` ? K : never;
}[ValidationMessageKey];
export type PlainMessageKey = Exclude<ValidationMessageKey, ValuedMessageKey>;

export const VALIDATION_MESSAGES: Record<ValidationMessageKey, LocalizedText> = table;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** Builds an issue message; typed so a misspelt key or a missing value is a compile error. */
export function messageKey(key: PlainMessageKey): string;
export function messageKey(key: ValuedMessageKey, value: string | number): string;
export function messageKey(key: ValidationMessageKey, value?: string | number): string {
  return value === undefined ? key : `${key}|${value}`;
}

/** Splits `key|value` (the value may itself contain '|'). */
export function splitValidationMessage(message: string): { key: string; value?: string } {
  const bar = message.indexOf('|');
  return bar < 0 ? { key: message } : { key: message.slice(0, bar), value: message.slice(bar + 1) };
}

/** The user-facing text of an issue message; unknown keys fall back to the raw message. */
export function localizeValidationMessage(message: string, language: Language): string {
  const { key, value } = splitValidationMessage(message);
  if (!isValidationMessageKey(key)) return message;
  // A function replacer, so a '$&' typed by the user is not read as a replacement pattern.
  return VALIDATION_MESSAGES[key][language].replace('{value}', () => value ?? '?');
}
