import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@postline/shared/notifications';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { aNotification, aPage } from './notification-fixtures';
import {
  applyReadPush,
  mergeNotifications,
  notificationsOf,
  receiveNotification,
  type NotificationPages,
} from './notifications-cache';

let client = createQueryClient();

/** The cache as it is once the list showed these pages and the badge this count. */
function cached(pages: Notification[][], unreadCount: number) {
  client.setQueryData<NotificationPages>(queryKeys.notifications.list, {
    pages: pages.map((content, number) => aPage(content, number, number === pages.length - 1)),
    pageParams: pages.map((_content, number) => number),
  });
  client.setQueryData(queryKeys.notifications.unreadCount, unreadCount);
}

const listed = () => {
  const pages = client.getQueryData<NotificationPages>(queryKeys.notifications.list);
  return pages ? notificationsOf(pages) : [];
};
const badge = () => client.getQueryData<number>(queryKeys.notifications.unreadCount);

beforeEach(() => {
  client = createQueryClient();
});

describe('a pushed notification', () => {
  it('goes on top of the list and raises the unread count by one', () => {
    cached([[aNotification({ id: 1, createdAt: '2025-01-06T09:00:00.000Z' })]], 3);

    receiveNotification(client, aNotification({ id: 2, createdAt: '2025-01-06T10:00:00.000Z' }));

    expect(listed().map((item) => item.id)).toEqual([2, 1]);
    expect(badge()).toBe(4);
  });

  it('is not counted twice when it arrives again, and its new version replaces the old', () => {
    cached([[]], 0);
    const push = aNotification({ id: 7 });
    receiveNotification(client, push);
    receiveNotification(client, { ...push, title: '다시 도착' });
    expect(listed()).toHaveLength(1);
    expect(listed()[0]?.title).toBe('다시 도착');
    expect(badge()).toBe(1);
  });

  it('replaces a held one where it is, on whichever page it was loaded', () => {
    const older = aNotification({ id: 3, createdAt: '2025-01-05T00:00:00.000Z' });
    cached([[aNotification({ id: 4, createdAt: '2025-01-06T00:00:00.000Z' })], [older]], 2);
    receiveNotification(client, { ...older, isRead: true, readAt: '2025-01-06T10:00:00.000Z' });
    expect(listed().map((item) => [item.id, item.isRead])).toEqual([
      [4, false],
      [3, true],
    ]);
    expect(badge()).toBe(1);
  });

  it.each(['MESSAGE_STATUS_UPDATE', 'MAILBOX_UPDATE', 'FILTER_EXECUTED', 'SYSTEM_ALERT', 'SYSTEM'] as const)(
    'counts an unread %s push too: the badge is every unread notification (issue 10)',
    (type) => {
      cached([[]], 2);
      receiveNotification(client, aNotification({ type }));
      expect(listed()).toHaveLength(1);
      expect(badge()).toBe(3);
    },
  );

  it('lowers the count when a held one comes back read, raises it when unread again', () => {
    const held = aNotification({ id: 5 });
    cached([[held]], 1);
    receiveNotification(client, { ...held, isRead: true, readAt: '2025-01-06T10:00:00.000Z' });
    expect(badge()).toBe(0);
    receiveNotification(client, { ...held, isRead: false, readAt: null });
    expect(badge()).toBe(1);
  });

  it('raises a badge not loaded yet from zero, and leaves a list not loaded yet to the server', () => {
    receiveNotification(client, aNotification({ id: 8 }));
    expect(badge()).toBe(1);
    expect(client.getQueryData(queryKeys.notifications.list)).toBeUndefined();
  });

  it('never takes the count below zero', () => {
    const held = aNotification({ id: 6 });
    cached([[held]], 0);
    receiveNotification(client, { ...held, isRead: true, readAt: '2025-01-06T10:00:00.000Z' });
    expect(badge()).toBe(0);
  });
});

describe('a read push', () => {
  it('marks what the server says was read anywhere and takes its count', () => {
    cached([[aNotification({ id: 1 }), aNotification({ id: 2 }), aNotification({ id: 3, isRead: true })]], 2);
    applyReadPush(client, { ids: [1, 3], all: false, readAt: '2025-01-06T10:00:00.000Z', unreadCount: 1 });
    expect(listed().map((item) => [item.id, item.isRead])).toEqual(
      expect.arrayContaining([
        [1, true],
        [2, false],
        [3, true],
      ]),
    );
    expect(badge()).toBe(1);
    applyReadPush(client, { ids: [], all: true, readAt: '2025-01-06T11:00:00.000Z', unreadCount: 0 });
    expect(listed().every((item) => item.isRead)).toBe(true);
    expect(badge()).toBe(0);
  });

  it('reloads the list when there were too many to name', () => {
    cached([[aNotification({ id: 1 })]], 1);
    applyReadPush(client, { ids: [], all: false, readAt: '2025-01-06T10:00:00.000Z', unreadCount: 0 });
    expect(client.getQueryState(queryKeys.notifications.list)?.isInvalidated).toBe(true);
    expect(badge()).toBe(0);
  });
});

describe('the list the screens show', () => {
  it('shows each notification once, newest first, though pages overlap after a push', () => {
    const five = aNotification({ id: 5, createdAt: '2025-01-05T00:00:00.000Z' });
    const four = aNotification({ id: 4, createdAt: '2025-01-04T00:00:00.000Z' });
    cached([[five], [five, four]], 0);
    expect(listed().map((item) => item.id)).toEqual([5, 4]);
  });

  it('merges by id, the incoming version winning', () => {
    const held = aNotification({ id: 1, title: '예전' });
    expect(mergeNotifications([held], [{ ...held, title: '새로' }]).map((item) => item.title)).toEqual([
      '새로',
    ]);
  });
});
