import type { Language } from '@postline/shared/errors';

type MessageTable = Record<string, Record<Language, string>>;

/** Texts for zod's own issue codes, used when a schema gives no message key of its own. */
const GENERIC: MessageTable = {
  required: { ko: '필수 항목입니다.', en: 'This field is required.' },
  invalid_type: { ko: '형식이 올바르지 않습니다.', en: 'The value has the wrong type.' },
  too_small: { ko: '값이 너무 짧거나 작습니다.', en: 'The value is too short or too small.' },
  too_big: { ko: '값이 너무 길거나 큽니다.', en: 'The value is too long or too large.' },
  invalid_format: { ko: '형식이 올바르지 않습니다.', en: 'The format is not valid.' },
  invalid_value: { ko: '허용되지 않는 값입니다.', en: 'This value is not allowed.' },
  unrecognized_keys: { ko: '알 수 없는 항목이 있습니다.', en: 'There are unknown fields.' },
  malformedJson: { ko: '요청 본문이 올바른 JSON이 아닙니다.', en: 'The request body is not valid JSON.' },
  nulCharacter: {
    ko: '입력에 허용되지 않는 문자(NUL)가 있습니다.',
    en: 'The input contains a character that is not allowed (NUL).',
  },
  invalidEmail: { ko: '올바른 이메일 주소를 입력해 주세요.', en: 'Please enter a valid e-mail address.' },
};

const tables: MessageTable[] = [GENERIC];

/**
 * Feature areas add their constant message tables as each app registers them; a table already
 * added is not added again, so every app instance (tests build many) may register freely.
 */
export function registerValidationMessages(table: MessageTable): void {
  if (!tables.includes(table)) tables.unshift(table);
}

export function lookupValidationMessage(key: string, lang: Language): string | undefined {
  for (const table of tables) {
    const entry = table[key];
    if (entry) return entry[lang];
  }
  return undefined;
}
