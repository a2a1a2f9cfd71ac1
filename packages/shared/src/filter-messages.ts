/** Keys of the filters contract's validation messages and their Korean and English texts. */
import type { Language } from './errors.js';
import {
  FILTER_ACTIONS_MAX,
  FILTER_CONDITIONS_MAX,
  FILTER_DESCRIPTION_MAX,
  FILTER_NAME_MAX,
  FILTER_VALUE_MAX,
} from './filters.js';

export const FILTER_VALIDATION_KEYS = [
  'nameRequired',
  'nameTooLong',
  'descriptionTooLong',
  'conditionsRequired',
  'actionsRequired',
  'tooManyConditions',
  'tooManyActions',
  'conditionTypeInvalid',
  'operatorNotAllowed',
  'valueRequired',
  'valueTooLong',
  'sizeNotNumeric',
  'importanceInvalid',
  'senderCheckInvalid',
  'invalidRegex',
  'actionTypeInvalid',
  'actionValueRequired',
  'actionValueTooLong',
  'invalidEmail',
  'selectMessage',
  'invalidImportFile',
] as const;
export type FilterValidationKey = (typeof FILTER_VALIDATION_KEYS)[number];

export const FILTER_VALIDATION_MESSAGES: Record<FilterValidationKey, Record<Language, string>> = {
  nameRequired: { ko: '필터 이름을 입력해 주세요.', en: 'Please enter a filter name.' },
  nameTooLong: {
    ko: `필터 이름은 ${FILTER_NAME_MAX}자 이하여야 합니다.`,
    en: `The filter name must be at most ${FILTER_NAME_MAX} characters.`,
  },
  descriptionTooLong: {
    ko: `설명은 ${FILTER_DESCRIPTION_MAX}자 이하여야 합니다.`,
    en: `The description must be at most ${FILTER_DESCRIPTION_MAX} characters.`,
  },
  conditionsRequired: {
    ko: '조건을 하나 이상 추가하고 유형과 연산자를 선택해 주세요.',
    en: 'Add at least one condition and choose its type and operator.',
  },
  actionsRequired: {
    ko: '작업을 하나 이상 추가하고 유형을 선택해 주세요.',
    en: 'Add at least one action and choose its type.',
  },
  tooManyConditions: {
    ko: `조건은 최대 ${FILTER_CONDITIONS_MAX}개까지 추가할 수 있습니다.`,
    en: `A filter can have at most ${FILTER_CONDITIONS_MAX} conditions.`,
  },
  tooManyActions: {
    ko: `작업은 최대 ${FILTER_ACTIONS_MAX}개까지 추가할 수 있습니다.`,
    en: `A filter can have at most ${FILTER_ACTIONS_MAX} actions.`,
  },
  conditionTypeInvalid: { ko: '알 수 없는 조건 유형입니다.', en: 'Unknown condition type.' },
  operatorNotAllowed: {
    ko: '이 조건 유형에는 사용할 수 없는 연산자입니다.',
    en: 'This operator cannot be used with this condition type.',
  },
  valueRequired: { ko: '조건 값을 입력해 주세요.', en: 'Please enter a value for the condition.' },
  valueTooLong: {
    ko: `조건 값은 ${FILTER_VALUE_MAX}자 이하여야 합니다.`,
    en: `The condition value must be at most ${FILTER_VALUE_MAX} characters.`,
  },
  sizeNotNumeric: {
    ko: '크기는 0 이상의 숫자(바이트)로 입력해 주세요.',
    en: 'The size must be a number of bytes, 0 or more.',
  },
  importanceInvalid: {
    ko: '중요도는 낮음, 보통, 높음 중 하나여야 합니다.',
    en: 'Importance must be LOW, NORMAL or HIGH.',
  },
  senderCheckInvalid: {
    ko: '보낸 사람 확인은 확인됨, 확인 안 됨, 확인 실패 중 하나여야 합니다.',
    en: 'The sender check must be VERIFIED, UNVERIFIED or FAILED.',
  },
  invalidRegex: {
    ko: '정규식이 올바르지 않습니다 (RE2 문법).',
    en: 'The regular expression is not valid (RE2 syntax).',
  },
  actionTypeInvalid: { ko: '알 수 없는 작업 유형입니다.', en: 'Unknown action type.' },
  actionValueRequired: {
    ko: '이 작업에는 값이 필요합니다.',
    en: 'This action needs a value.',
  },
  actionValueTooLong: { ko: '작업 값이 너무 깁니다.', en: 'The action value is too long.' },
  invalidEmail: { ko: '올바른 이메일 주소를 입력해 주세요.', en: 'Please enter a valid e-mail address.' },
  selectMessage: { ko: '테스트할 메일을 선택해 주세요.', en: 'Please select a message to test.' },
  invalidImportFile: {
    ko: '가져올 수 없는 필터 파일입니다.',
    en: 'This filter file cannot be imported.',
  },
};
