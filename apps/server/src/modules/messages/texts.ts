import type { Language } from '@postline/shared/errors';
import type { LocalizedText } from '../mailboxes/texts.js';

/** Texts of message errors and of what the server writes into mail, in both languages. */
export const MESSAGE_TEXTS = {
  notFound: { ko: '메일을 찾을 수 없습니다.', en: 'Mail not found.' },
  draftNotFound: { ko: '임시 보관 메일을 찾을 수 없습니다.', en: 'Draft not found.' },
  customNeedsId: {
    ko: '사용자 메일함은 mailboxId로 지정해 주세요.',
    en: 'Choose a custom folder by its mailboxId.',
  },
  invalidAddress: (address: string): LocalizedText => ({
    ko: `올바른 이메일 주소가 아닙니다: ${address}`,
    en: `That is not a valid e-mail address: ${address}`,
  }),
  noReplyRecipients: {
    ko: '답장을 받을 사람이 없습니다.',
    en: 'There is nobody to reply to.',
  },
  sendFailed: { ko: '메일 전송에 실패했습니다.', en: 'The mail could not be sent.' },
} as const;

/** The block a forward puts above the original, in the sender's language (like Gmail's). */
export const FORWARD_LABELS: Record<
  Language,
  { heading: string; from: string; date: string; subject: string; to: string; cc: string }
> = {
  ko: {
    heading: '---------- 전달된 메시지 ---------',
    from: '보낸사람',
    date: '날짜',
    subject: '제목',
    to: '받는사람',
    cc: '참조',
  },
  en: {
    heading: '---------- Forwarded message ---------',
    from: 'From',
    date: 'Date',
    subject: 'Subject',
    to: 'To',
    cc: 'Cc',
  },
};
