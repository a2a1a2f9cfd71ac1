import type { Page } from '@postline/shared/common';
import type { Notification } from '@postline/shared/notifications';

/*
 * Notifications as the server presents them, for this feature's tests. Kept beside the feature
 * rather than in src/test because no other area builds notifications.
 */
let nextId = 1000;
/** A notification's default time follows its id (a higher id is a newer one), whenever it was made. */
const LOADED_AT = Date.now();
const timeOf = (id: number) => new Date(LOADED_AT - Math.max(0, 100_000 - id)).toISOString();

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides.id ?? nextId++;
  const content = overrides.content ?? '3분기 예산 회의';
  return {
    id,
    type: 'NEW_MESSAGE',
    title: '새 메일: 김민지',
    content,
    message: content,
    isRead: false,
    readAt: null,
    createdAt: timeOf(id),
    referenceType: 'MESSAGE',
    referenceId: 42,
    data: { messageId: 42, from: 'minji@postline.local', fromName: '김민지', subject: content },
    ...overrides,
  };
}

export function aPage(content: Notification[], number = 0, last = true): Page<Notification> {
  return {
    content,
    number,
    size: 20,
    totalElements: content.length,
    totalPages: last ? number + 1 : number + 2,
    first: number === 0,
    last,
  };
}
