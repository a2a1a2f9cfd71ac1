import type { Language } from '@postline/shared/errors';
import type { LocalizedText } from '@postline/shared/filters';

/** Validation keys of this area beyond the shared FILTER_VALIDATION_MESSAGES. */
export const FILTER_EXTRA_VALIDATION_MESSAGES: Record<string, LocalizedText> = {
  folderNotOwned: {
    ko: '선택한 폴더를 찾을 수 없습니다. 내 메일함의 폴더를 선택해 주세요.',
    en: 'The chosen folder was not found. Choose one of your own folders.',
  },
  importBodyRequired: {
    ko: '가져올 내용이 없습니다. 파일 내용을 본문으로 보내 주세요.',
    en: 'Nothing to import. Send the file content as the request body.',
  },
};

export const FILTER_TEXTS = {
  invalidJsonFile: { ko: '잘못된 JSON 파일입니다', en: 'Invalid JSON file' } satisfies LocalizedText,
  copySuffix: { ko: ' (사본)', en: ' (copy)' } satisfies LocalizedText,
  noFilterMatched: {
    ko: '일치하는 활성 필터가 없습니다.',
    en: 'No active filter matched this message.',
  } satisfies LocalizedText,
  filtersMatched: (names: string[]): LocalizedText => ({
    ko: `일치한 필터: ${names.join(', ')}`,
    en: `Matched filters: ${names.join(', ')}`,
  }),
  existingMailDone: (matched: number, scanned: number): LocalizedText => ({
    ko: `받은편지함의 메일 ${scanned}통 중 ${matched}통에 필터를 적용했습니다.`,
    en: `The filter was applied to ${matched} of ${scanned} messages in the inbox.`,
  }),
  forwardedHeader: {
    ko: '---------- 전달된 메일 ----------',
    en: '---------- Forwarded message ----------',
  } satisfies LocalizedText,
  forwardedFields: {
    ko: { from: '보낸 사람', date: '날짜', subject: '제목', to: '받는 사람' },
    en: { from: 'From', date: 'Date', subject: 'Subject', to: 'To' },
  } satisfies Record<Language, Record<'from' | 'date' | 'subject' | 'to', string>>,
};

/** `X (copy)` in the request's language, cut so the whole name stays within `max`. */
export function copyName(name: string, lang: Language, max: number): string {
  const suffix = FILTER_TEXTS.copySuffix[lang];
  const room = Math.max(1, max - suffix.length);
  const base = name.length > room ? `${name.slice(0, room - 1)}…` : name;
  return `${base}${suffix}`;
}
