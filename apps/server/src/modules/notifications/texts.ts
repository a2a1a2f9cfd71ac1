import type { Language } from '@postline/shared/errors';
import { interpolate } from '../../lib/i18n.js';

/**
 * Titles and contents the server writes into notifications, in the recipient's language.
 * Placeholders are {{name}}, as in the rest of the server's texts.
 */
export const NOTIFICATION_TEXTS = {
  newMessageTitle: { ko: '새 메일: {{fromName}}', en: 'New mail from {{fromName}}' },
  noSubject: { ko: '(제목 없음)', en: '(no subject)' },
  bounceTitle: { ko: '메일 전달 실패', en: 'Mail could not be delivered' },
  filterExecutedTitle: { ko: "필터 '{{filterName}}' 실행됨", en: "Filter '{{filterName}}' ran" },
  filterExecutedContent: { ko: '{{subject}} — {{actions}}', en: '{{subject}} — {{actions}}' },
  statusUpdateTitle: { ko: '메일 상태 변경: {{status}}', en: 'Message status changed: {{status}}' },
  mailboxUpdateTitle: { ko: "메일함 '{{mailboxName}}' 업데이트", en: "Folder '{{mailboxName}}' updated" },
  mailboxUpdateContent: {
    ko: '전체 {{totalCount}}통, 읽지 않음 {{unreadCount}}통',
    en: '{{totalCount}} messages, {{unreadCount}} unread',
  },
  testTitle: { ko: '테스트 알림', en: 'Test notification' },
  testContent: { ko: '실시간 알림이 정상적으로 동작합니다.', en: 'Real-time notifications are working.' },
  notFound: { ko: '알림을 찾을 수 없습니다.', en: 'Notification not found.' },
} as const satisfies Record<string, Record<Language, string>>;

export type NotificationTextKey = keyof typeof NOTIFICATION_TEXTS;
export type TextParams = Record<string, string | number>;

export function notificationText(key: NotificationTextKey, lang: Language, params: TextParams = {}): string {
  return interpolate(NOTIFICATION_TEXTS[key][lang], params);
}
