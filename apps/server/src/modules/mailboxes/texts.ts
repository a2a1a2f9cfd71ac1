/** Texts of mailbox errors in both languages (DESIGN.md 10). */
export interface LocalizedText {
  ko: string;
  en: string;
}

export const MAILBOX_TEXTS = {
  duplicateName: (name: string): LocalizedText => ({
    ko: `같은 위치에 '${name}' 메일함이 이미 있습니다.`,
    en: `A folder named '${name}' already exists here.`,
  }),
  systemReadOnly: {
    ko: '기본 메일함은 이름을 바꾸거나 옮기거나 삭제할 수 없습니다.',
    en: 'System folders cannot be renamed, moved or deleted.',
  },
  cycle: {
    ko: '메일함을 자기 자신이나 그 하위 메일함 안으로 옮길 수 없습니다.',
    en: 'A folder cannot be moved into itself or one of its sub-folders.',
  },
  notFound: { ko: '메일함을 찾을 수 없습니다.', en: 'Mailbox not found.' },
  typeNotFound: (type: string): LocalizedText => ({
    ko: `${type} 메일함을 찾을 수 없습니다`,
    en: `${type} mailbox not found`,
  }),
} as const;
