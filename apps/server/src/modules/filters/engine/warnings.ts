import type { Language } from '@postline/shared/errors';
import type { FilterInteropWarning, LocalizedText } from '@postline/shared/filters';

/** Everything Sieve/Gmail import or Sieve export could not carry over, said in ko and en. */
export const INTEROP_WARNING_MESSAGES = {
  syntaxError: {
    ko: 'Sieve 스크립트를 해석할 수 없습니다: {detail}',
    en: 'The Sieve script cannot be read: {detail}',
  },
  unsupportedTest: {
    ko: '지원하지 않는 조건이 있어 이 규칙을 가져오지 않았습니다.',
    en: 'This rule was not imported: its condition is not supported.',
  },
  unsupportedAction: {
    ko: '지원하지 않는 동작이라 건너뛰었습니다.',
    en: 'This action is not supported and was skipped.',
  },
  unsupportedCommand: {
    ko: '지원하지 않는 명령이라 건너뛰었습니다.',
    en: 'This command is not supported and was skipped.',
  },
  nestedRule: {
    ko: '중첩된 if 규칙은 가져올 수 없어 건너뛰었습니다.',
    en: 'A nested if rule cannot be imported and was skipped.',
  },
  notInvertible: {
    ko: '이 조건의 부정(not, elsif, else)은 필터로 표현할 수 없어 규칙을 가져오지 않았습니다.',
    en: 'The negation of this condition (not, elsif, else) cannot be expressed; the rule was not imported.',
  },
  tooComplex: {
    ko: '조건이 너무 복잡해 규칙을 가져오지 않았습니다.',
    en: 'The condition is too complex; the rule was not imported.',
  },
  ruleSplit: {
    ko: '"하나라도 일치" 조건을 필터 {count}개로 나누었습니다.',
    en: 'The "any of" condition was split into {count} filters.',
  },
  mayRepeatForward: {
    ko: '나뉜 필터가 여럿 일치하면 메일이 두 번 이상 전달될 수 있습니다.',
    en: 'If several of the split filters match, the mail may be forwarded more than once.',
  },
  neverMatches: {
    ko: '어떤 메일에도 일치하지 않는 규칙이라 가져오지 않았습니다.',
    en: 'This rule never matches any mail and was not imported.',
  },
  noActions: {
    ko: '실행할 동작이 없어 규칙을 가져오지 않았습니다.',
    en: 'The rule has no action left to run and was not imported.',
  },
  folderNotFound: {
    ko: '"{name}" 폴더가 없습니다. 폴더를 만든 뒤 다시 가져오세요.',
    en: 'There is no folder "{name}". Create it, then import again.',
  },
  copyBecomesMove: {
    ko: '사본 보관(:copy, keep)은 지원하지 않아 메일이 폴더로 이동됩니다.',
    en: 'Keeping a copy (:copy, keep) is not supported; the mail will be moved.',
  },
  redirectKeepsCopy: {
    ko: '전달한 뒤에도 메일 사본이 보관됩니다.',
    en: 'A copy of the mail is kept after forwarding.',
  },
  vacationOptionsIgnored: {
    ko: '자동 답장 옵션 {detail}은(는) 무시되었습니다 (보낸 사람마다 하루 한 번 답장).',
    en: 'Auto-reply options {detail} were ignored (one reply a day per sender).',
  },
  invalidFilter: {
    ko: '가져온 필터가 올바르지 않아 건너뛰었습니다: {detail}',
    en: 'The imported filter is not valid and was skipped: {detail}',
  },
  unsupportedProperty: {
    ko: 'Gmail 설정 "{name}"은(는) 지원하지 않아 무시되었습니다.',
    en: 'The Gmail setting "{name}" is not supported and was ignored.',
  },
  unknownProperty: {
    ko: '알 수 없는 Gmail 조건 "{name}"이(가) 있어 이 필터를 가져오지 않았습니다.',
    en: 'Unknown Gmail criterion "{name}"; this filter was not imported.',
  },
  noCriteria: {
    ko: '조건이 없는 Gmail 필터라 가져오지 않았습니다.',
    en: 'This Gmail filter has no criteria and was not imported.',
  },
  unsupportedQuery: {
    ko: 'Gmail 검색어 "{detail}"은(는) 변환할 수 없어 이 필터를 가져오지 않았습니다.',
    en: 'The Gmail search "{detail}" cannot be converted; this filter was not imported.',
  },
  tooManyFilters: {
    ko: '한 번에 가져올 수 있는 필터는 {count}개까지라 나머지는 가져오지 않았습니다.',
    en: 'At most {count} filters can be imported at once; the rest were not imported.',
  },
  invalidXml: {
    ko: 'Gmail 필터 파일(XML)을 읽을 수 없습니다: {detail}',
    en: 'The Gmail filter file (XML) cannot be read: {detail}',
  },
  noFilters: { ko: '가져올 필터가 없습니다.', en: 'No filters were found.' },
  folderUnknown: {
    ko: '폴더(id {name})를 찾을 수 없어 이동 동작을 내보내지 않았습니다.',
    en: 'Folder id {name} is unknown; the move action was not exported.',
  },
  templateUnknown: {
    ko: '템플릿(id {name})을 찾을 수 없어 자동 답장을 내보내지 않았습니다.',
    en: 'Template id {name} is unknown; the auto reply was not exported.',
  },
  labelNotKeyword: {
    ko: '라벨 "{name}"은(는) IMAP 키워드 형식이 아니어서 일부 메일 서버가 무시할 수 있습니다.',
    en: 'The label "{name}" is not an IMAP keyword; some mail servers may ignore it.',
  },
} satisfies Record<string, LocalizedText>;

export type InteropWarningCode = keyof typeof INTEROP_WARNING_MESSAGES;

const SOURCE_MAX = 200;

/** Collects warnings, rendered in one language, each with its line (null when none applies). */
export class WarningList {
  readonly items: FilterInteropWarning[] = [];

  constructor(private readonly language: Language = 'ko') {}

  add(
    code: InteropWarningCode,
    line: number | null,
    source: string,
    params: Record<string, string | number> = {},
  ) {
    const template = INTEROP_WARNING_MESSAGES[code][this.language];
    const message = template.replace(/\{(\w+)\}/g, (whole, key: string) =>
      params[key] === undefined ? whole : String(params[key]),
    );
    const trimmed = source.length > SOURCE_MAX ? `${source.slice(0, SOURCE_MAX)}…` : source;
    this.items.push({ line, code, source: trimmed, message });
  }
}
