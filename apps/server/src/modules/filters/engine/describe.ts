import type { Language } from '@postline/shared/errors';
import {
  ACTION_TYPE_ALIASES,
  ACTION_TYPES,
  ACTIONS_NEEDING_VALUE,
  AUTO_REPLY_TEMPLATE_PREFIX,
  CASE_AND_REGEX_OPTION_TYPES,
  CONDITION_TYPES,
  OPERATORS,
  OPERATORS_BY_CONDITION_TYPE,
  WARNING_ACTIONS,
  type ActionType,
  type ConditionType,
  type FilterAction,
  type FilterCondition,
  type FilterMetadata,
  type LocalizedText,
  type Operator,
} from '@postline/shared/filters';
import { formatBytes } from '@postline/shared/limits';

export const CONDITION_TYPE_LABELS: Record<ConditionType, LocalizedText> = {
  SUBJECT: { ko: '제목', en: 'Subject' },
  FROM: { ko: '보낸 사람', en: 'From' },
  TO: { ko: '받는 사람', en: 'To' },
  CC: { ko: '참조', en: 'Cc' },
  BCC: { ko: '숨은 참조', en: 'Bcc' },
  BODY: { ko: '본문', en: 'Body' },
  HAS_ATTACHMENT: { ko: '첨부 파일 유무', en: 'Has attachment' },
  ATTACHMENT: { ko: '첨부 파일 이름', en: 'Attachment name' },
  IMPORTANCE: { ko: '중요도', en: 'Importance' },
  SIZE: { ko: '크기', en: 'Size' },
  SENDER_CHECK: { ko: '보낸 사람 확인', en: 'Sender check' },
};

export const OPERATOR_LABELS: Record<Operator, LocalizedText> = {
  CONTAINS: { ko: '포함', en: 'contains' },
  NOT_CONTAINS: { ko: '포함하지 않음', en: 'does not contain' },
  EQUALS: { ko: '일치', en: 'equals' },
  NOT_EQUALS: { ko: '일치하지 않음', en: 'does not equal' },
  STARTS_WITH: { ko: '(으)로 시작', en: 'starts with' },
  ENDS_WITH: { ko: '(으)로 끝남', en: 'ends with' },
  REGEX: { ko: '정규식 일치', en: 'matches regex' },
  GREATER_THAN: { ko: '보다 큼', en: 'greater than' },
  LESS_THAN: { ko: '보다 작음', en: 'less than' },
  EXISTS: { ko: '있음', en: 'exists' },
  NOT_EXISTS: { ko: '없음', en: 'does not exist' },
};

export const ACTION_TYPE_LABELS: Record<ActionType, LocalizedText> = {
  MOVE_TO_FOLDER: { ko: '폴더로 이동', en: 'Move to folder' },
  MARK_READ: { ko: '읽음으로 표시', en: 'Mark as read' },
  MARK_AS_READ: { ko: '읽음으로 표시', en: 'Mark as read' },
  MARK_UNREAD: { ko: '읽지 않음으로 표시', en: 'Mark as unread' },
  MARK_STARRED: { ko: '별표 표시', en: 'Star' },
  MARK_AS_STARRED: { ko: '별표 표시', en: 'Star' },
  UNSTAR: { ko: '별표 해제', en: 'Remove star' },
  DELETE: { ko: '삭제', en: 'Delete' },
  ADD_LABEL: { ko: '라벨 추가', en: 'Add label' },
  FORWARD: { ko: '전달', en: 'Forward' },
  AUTO_REPLY: { ko: '자동 답장', en: 'Auto reply' },
  MARK_SPAM: { ko: '스팸으로 표시', en: 'Mark as spam' },
  NOT_SPAM: { ko: '스팸 아님으로 표시', en: 'Mark as not spam' },
  SKIP_INBOX: { ko: '받은편지함 건너뛰기(보관)', en: 'Skip the inbox (archive)' },
  STOP_PROCESSING: { ko: '이후 필터 적용 중지', en: 'Stop processing more filters' },
};

const IMPORTANCE_LABELS: Record<string, LocalizedText> = {
  LOW: { ko: '낮음', en: 'low' },
  NORMAL: { ko: '보통', en: 'normal' },
  HIGH: { ko: '높음', en: 'high' },
};

const SENDER_CHECK_LABELS: Record<string, LocalizedText> = {
  VERIFIED: { ko: '확인됨', en: 'verified' },
  UNVERIFIED: { ko: '확인 안 됨', en: 'not verified' },
  FAILED: { ko: '확인 실패(사칭 의심)', en: 'failed (possibly forged)' },
};

function describeValue(c: FilterCondition, lang: Language): string {
  if (c.conditionType === 'SIZE') {
    const bytes = Number(c.value);
    const unit = lang === 'ko' ? '바이트' : 'bytes';
    return bytes >= 1024 ? `${c.value} ${unit} (${formatBytes(bytes)})` : `${c.value} ${unit}`;
  }
  if (c.conditionType === 'IMPORTANCE') return IMPORTANCE_LABELS[c.value]?.[lang] ?? c.value;
  if (c.conditionType === 'SENDER_CHECK') return SENDER_CHECK_LABELS[c.value]?.[lang] ?? c.value;
  return c.operator === 'REGEX' || c.isRegex ? `/${c.value}/` : `"${c.value}"`;
}

/** One line a user reads, e.g. `제목: "회의" 포함` or `Subject contains "meeting"`. */
export function describeCondition(c: FilterCondition, lang: Language): string {
  const field = CONDITION_TYPE_LABELS[c.conditionType][lang];
  if (c.conditionType === 'HAS_ATTACHMENT') {
    const has = c.operator === 'EXISTS';
    if (lang === 'ko') return has ? '첨부 파일 있음' : '첨부 파일 없음';
    return has ? 'Has attachments' : 'Has no attachments';
  }
  const op = OPERATOR_LABELS[c.operator][lang];
  let text: string;
  if (c.operator === 'EXISTS' || c.operator === 'NOT_EXISTS') text = `${field} ${op}`;
  else if (lang === 'ko') text = `${field}: ${describeValue(c, lang)} ${op}`;
  else text = `${field} ${op} ${describeValue(c, lang)}`;
  const notes: string[] = [];
  if (c.caseSensitive) notes.push(lang === 'ko' ? '대소문자 구분' : 'case-sensitive');
  if (c.isRegex && c.operator !== 'REGEX') notes.push(lang === 'ko' ? '정규식' : 'regex');
  return notes.length ? `${text} (${notes.join(', ')})` : text;
}

export interface DescribeOptions {
  /** Turns a MOVE_TO_FOLDER mailbox id into its folder name. */
  mailboxName?: (mailboxId: string) => string | null;
}

export function describeAction(
  a: Pick<FilterAction, 'actionType' | 'actionValue'>,
  lang: Language,
  options: DescribeOptions = {},
): string {
  const label = ACTION_TYPE_LABELS[a.actionType][lang];
  if (!a.actionValue) return label;
  let value = a.actionValue;
  if (a.actionType === 'MOVE_TO_FOLDER') value = options.mailboxName?.(value) ?? value;
  if (a.actionType === 'AUTO_REPLY') {
    if (value.startsWith(AUTO_REPLY_TEMPLATE_PREFIX)) {
      const id = value.slice(AUTO_REPLY_TEMPLATE_PREFIX.length);
      value = lang === 'ko' ? `템플릿 #${id}` : `template #${id}`;
    } else if (value.length > 40) {
      value = `${value.slice(0, 40)}…`;
    }
  }
  return `${label}: ${value}`;
}

export const REASONS = {
  matched: (n: number): LocalizedText => ({
    ko: `모든 조건(${n}개)이 일치합니다.`,
    en: n === 1 ? 'The condition matched.' : `All ${n} conditions matched.`,
  }),
  notMatched: (c: FilterCondition): LocalizedText => ({
    ko: `일치하지 않는 조건이 있습니다: ${describeCondition(c, 'ko')}`,
    en: `A condition did not match: ${describeCondition(c, 'en')}`,
  }),
  invalidRegex: (c: FilterCondition): LocalizedText => ({
    ko: `정규식을 사용할 수 없어 일치하지 않은 것으로 처리했습니다: ${describeCondition(c, 'ko')}`,
    en: `The regular expression cannot be used, so it counts as not matched: ${describeCondition(c, 'en')}`,
  }),
  noConditions: (): LocalizedText => ({
    ko: '조건이 없는 필터는 어떤 메일에도 적용되지 않습니다.',
    en: 'A filter without conditions matches no mail.',
  }),
};

/** GET /filters/metadata in the request's language. Aliases of action types are left out. */
export function buildFilterMetadata(lang: Language): FilterMetadata {
  return {
    conditionTypes: CONDITION_TYPES.map((value) => ({
      value,
      label: CONDITION_TYPE_LABELS[value][lang],
      operators: [...OPERATORS_BY_CONDITION_TYPE[value]],
      caseAndRegexOptions: CASE_AND_REGEX_OPTION_TYPES.includes(value),
    })),
    operators: OPERATORS.map((value) => ({ value, label: OPERATOR_LABELS[value][lang] })),
    actionTypes: ACTION_TYPES.filter((value) => !ACTION_TYPE_ALIASES[value]).map((value) => ({
      value,
      label: ACTION_TYPE_LABELS[value][lang],
      valueKind: ACTIONS_NEEDING_VALUE[value] ?? null,
      warning: WARNING_ACTIONS.includes(value),
    })),
  };
}
