import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification } from '@postline/shared/notifications';
import type { Mailbox } from '@postline/shared/mailbox';
import { resetApiClientState } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { listItem, folder, messageOfRow } from '@/test/mail-fixtures';
import { aNotification, aPage } from '../notification-fixtures';
import { notificationsOf, type NotificationPages } from '../notifications-cache';
import { showDesktopNotification } from './desktop';
import { handleNotificationPush, resetAnnouncedPushes } from './handle-push';
import { playNotificationSound } from './sound';
import { showNotificationToast } from './toasts';

vi.mock('./toasts', () => ({ showNotificationToast: vi.fn() }));
vi.mock('./desktop', () => ({ showDesktopNotification: vi.fn() }));
vi.mock('./sound', () => ({ playNotificationSound: vi.fn() }));

const open = vi.fn();
let client = createQueryClient();
let seen: SeenRequest[] = [];
let effects = { open, client };
const mailRequests = () => seen.filter((request) => request.url.startsWith('/messages'));

function useSettings(changes: Partial<typeof DEFAULT_NOTIFICATION_SETTINGS>) {
  client.setQueryData(queryKeys.notifications.settings, { ...DEFAULT_NOTIFICATION_SETTINGS, ...changes });
}

/** What the bell's list shows from the cache. */
function listed() {
  const pages = client.getQueryData<NotificationPages>(queryKeys.notifications.list);
  return pages ? notificationsOf(pages) : [];
}

/** The bell's list as loaded, with `held` on its one page, and its badge. */
function showList(held: Notification[], unreadCount: number) {
  client.setQueryData<NotificationPages>(queryKeys.notifications.list, {
    pages: [aPage(held)],
    pageParams: [0],
  });
  client.setQueryData(queryKeys.notifications.unreadCount, unreadCount);
}

beforeEach(() => {
  vi.mocked(showNotificationToast).mockClear();
  vi.mocked(showDesktopNotification).mockClear();
  vi.mocked(playNotificationSound).mockClear();
  resetAnnouncedPushes();
  client = createQueryClient();
  effects = { open, client };
  showList([], 0);
  // The sidebar's folder tree is in the cache, as it is whenever the signed-in layout shows.
  client.setQueryData<Mailbox[]>(queryKeys.folders, [folder({ id: 5, type: 'INBOX' })]);
  seen = serveApi((request) =>
    ok(messageOfRow(listItem({ id: Number(request.url.split('/').pop()), mailboxId: 5, isRead: false }))),
  );
});

afterEach(() => resetApiClientState());

describe('one handler for every push', () => {
  it('merges a delivered mail into the cached folder counts, and nothing else', async () => {
    handleNotificationPush({ kind: 'mail', messageId: 77, mailboxId: 5 }, effects);
    await waitFor(() =>
      expect(client.getQueryData<Mailbox[]>(queryKeys.folders)?.[0]).toMatchObject({ unreadCount: 1 }),
    );
    expect(mailRequests().map((request) => request.url)).toEqual(['/messages/77']);
    expect(listed()).toEqual([]);
    expect(showNotificationToast).not.toHaveBeenCalled();
  });

  it('lists a new-mail notification and announces it by toast and desktop (sound is off by default)', () => {
    const push = aNotification({ id: 1, referenceId: 77 });
    handleNotificationPush(push, effects);

    expect(listed()).toEqual([push]);
    // The lists hear of the mail from its own push, not from the notification.
    expect(mailRequests()).toEqual([]);
    expect(showNotificationToast).toHaveBeenCalledWith(push, open);
    expect(showDesktopNotification).toHaveBeenCalledWith(push, open);
    expect(playNotificationSound).not.toHaveBeenCalled();
  });

  it('rings when sound is on and leaves the desktop alone when desktop is off', () => {
    useSettings({ sound: true, desktop: false });
    handleNotificationPush(aNotification(), effects);
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    expect(showDesktopNotification).not.toHaveBeenCalled();
  });

  it('announces nothing while notifications are off, but still lists the notification', () => {
    useSettings({ enabled: false, sound: true });
    handleNotificationPush(aNotification({ id: 2 }), effects);
    expect(listed()).toHaveLength(1);
    expect(showNotificationToast).not.toHaveBeenCalled();
    expect(showDesktopNotification).not.toHaveBeenCalled();
    expect(playNotificationSound).not.toHaveBeenCalled();
  });

  it('announces the same notification once even if it is pushed again', () => {
    useSettings({ sound: true });
    const push = aNotification({ id: 3 });
    handleNotificationPush(push, effects);
    handleNotificationPush(push, effects);
    expect(showNotificationToast).toHaveBeenCalledTimes(1);
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it('ignores a body that is not a notification', () => {
    handleNotificationPush({ hello: 'world' }, effects);
    expect(listed()).toEqual([]);
    expect(showNotificationToast).not.toHaveBeenCalled();
  });

  it('applies a read push to the list and the badge, and announces nothing', () => {
    showList([aNotification({ id: 4 })], 1);
    handleNotificationPush(
      { kind: 'read', ids: [4], all: false, readAt: '2025-01-06T10:00:00.000Z', unreadCount: 0 },
      effects,
    );
    expect(listed()[0]?.isRead).toBe(true);
    expect(client.getQueryData(queryKeys.notifications.unreadCount)).toBe(0);
    expect(showNotificationToast).not.toHaveBeenCalled();
  });

  it('never toasts a notification that arrives already read', () => {
    handleNotificationPush(
      aNotification({ id: 8, isRead: true, readAt: '2025-01-06T10:00:00.000Z' }),
      effects,
    );
    expect(listed()).toHaveLength(1);
    expect(showNotificationToast).not.toHaveBeenCalled();
    expect(mailRequests()).toEqual([]);
  });
});
