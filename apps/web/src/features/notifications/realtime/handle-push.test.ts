import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@postline/shared/notifications';
import { NEW_MAIL_EVENT } from '@/lib/events';
import { aNotification } from '../notification-fixtures';
import { useNotificationsStore } from '../store';
import { showDesktopNotification } from './desktop';
import { handleNotificationPush, resetAnnouncedPushes } from './handle-push';
import { playNotificationSound } from './sound';
import { showNotificationToast } from './toasts';

vi.mock('./toasts', () => ({ showNotificationToast: vi.fn() }));
vi.mock('./desktop', () => ({ showDesktopNotification: vi.fn() }));
vi.mock('./sound', () => ({ playNotificationSound: vi.fn() }));

const open = vi.fn();
const newMailEvents = vi.fn();

function useSettings(changes: Partial<typeof DEFAULT_NOTIFICATION_SETTINGS>) {
  useNotificationsStore.setState({ settings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...changes } });
}

beforeEach(() => {
  vi.mocked(showNotificationToast).mockClear();
  vi.mocked(showDesktopNotification).mockClear();
  vi.mocked(playNotificationSound).mockClear();
  newMailEvents.mockClear();
  resetAnnouncedPushes();
  useNotificationsStore.getState().reset();
  window.addEventListener(NEW_MAIL_EVENT, newMailEvents);
  return () => window.removeEventListener(NEW_MAIL_EVENT, newMailEvents);
});

describe('one handler for every push', () => {
  it('tells mail lists of a delivered mail, and nothing else', () => {
    handleNotificationPush({ kind: 'mail', messageId: 77, mailboxId: 5 }, { open });
    expect(newMailEvents).toHaveBeenCalledTimes(1);
    expect((newMailEvents.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ messageId: 77 });
    expect(useNotificationsStore.getState().items).toEqual([]);
    expect(showNotificationToast).not.toHaveBeenCalled();
  });

  it('lists a new-mail notification and announces it by toast and desktop (sound is off by default)', () => {
    const push = aNotification({ id: 1, referenceId: 77 });
    handleNotificationPush(push, { open });

    expect(useNotificationsStore.getState().items).toEqual([push]);
    // The lists heard of the mail from its own push, not from the notification.
    expect(newMailEvents).not.toHaveBeenCalled();
    expect(showNotificationToast).toHaveBeenCalledWith(push, open);
    expect(showDesktopNotification).toHaveBeenCalledWith(push, open);
    expect(playNotificationSound).not.toHaveBeenCalled();
  });

  it('rings when sound is on and leaves the desktop alone when desktop is off', () => {
    useSettings({ sound: true, desktop: false });
    handleNotificationPush(aNotification(), { open });
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    expect(showDesktopNotification).not.toHaveBeenCalled();
  });

  it('announces nothing while notifications are off, but still lists the notification', () => {
    useSettings({ enabled: false, sound: true });
    handleNotificationPush(aNotification({ id: 2 }), { open });
    expect(useNotificationsStore.getState().items).toHaveLength(1);
    expect(showNotificationToast).not.toHaveBeenCalled();
    expect(showDesktopNotification).not.toHaveBeenCalled();
    expect(playNotificationSound).not.toHaveBeenCalled();
  });

  it('announces the same notification once even if it is pushed again', () => {
    useSettings({ sound: true });
    const push = aNotification({ id: 3 });
    handleNotificationPush(push, { open });
    handleNotificationPush(push, { open });
    expect(showNotificationToast).toHaveBeenCalledTimes(1);
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it('ignores a body that is not a notification', () => {
    handleNotificationPush({ hello: 'world' }, { open });
    expect(useNotificationsStore.getState().items).toEqual([]);
    expect(showNotificationToast).not.toHaveBeenCalled();
  });

  it('applies a read push to the list and the badge, and announces nothing', () => {
    useNotificationsStore.setState({ items: [aNotification({ id: 4 })], unreadCount: 1 });
    handleNotificationPush(
      { kind: 'read', ids: [4], all: false, readAt: '2025-01-06T10:00:00.000Z', unreadCount: 0 },
      { open },
    );
    expect(useNotificationsStore.getState().items[0]?.isRead).toBe(true);
    expect(useNotificationsStore.getState().unreadCount).toBe(0);
    expect(showNotificationToast).not.toHaveBeenCalled();
  });

  it('never toasts a notification that arrives already read', () => {
    handleNotificationPush(aNotification({ id: 8, isRead: true, readAt: '2025-01-06T10:00:00.000Z' }), {
      open,
    });
    expect(useNotificationsStore.getState().items).toHaveLength(1);
    expect(showNotificationToast).not.toHaveBeenCalled();
    expect(newMailEvents).not.toHaveBeenCalled();
  });
});
