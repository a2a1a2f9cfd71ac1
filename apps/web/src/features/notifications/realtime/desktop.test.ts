import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aNotification } from '../notification-fixtures';
import { desktopPermission, requestDesktopPermission, showDesktopNotification } from './desktop';

/** Records what the page asks of the browser's Notification API. */
class FakeDesktopNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => {
    FakeDesktopNotification.permission = 'granted';
    return 'granted' as const;
  });
  static shown: FakeDesktopNotification[] = [];
  closed = false;
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeDesktopNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const original = window.Notification;

beforeEach(() => {
  FakeDesktopNotification.permission = 'granted';
  FakeDesktopNotification.shown = [];
  FakeDesktopNotification.requestPermission.mockClear();
  window.Notification = FakeDesktopNotification as unknown as typeof Notification;
});

afterEach(() => {
  window.Notification = original;
  vi.useRealTimers();
});

describe('desktop notifications (SPEC §4)', () => {
  it('keeps new mail on screen until the user acts, naming the sender and subject', () => {
    vi.useFakeTimers();
    showDesktopNotification(aNotification({ id: 5 }), vi.fn());
    const [shown] = FakeDesktopNotification.shown;
    expect(shown?.title).toBe('김민지님의 새 메일');
    expect(shown?.options).toMatchObject({ body: '3분기 예산 회의', requireInteraction: true });
    vi.advanceTimersByTime(60_000);
    expect(shown?.closed).toBe(false);
  });

  it('closes other kinds after 5 seconds', () => {
    vi.useFakeTimers();
    showDesktopNotification(aNotification({ type: 'FILTER_EXECUTED', title: '필터 실행됨' }), vi.fn());
    const [shown] = FakeDesktopNotification.shown;
    expect(shown?.options.requireInteraction).toBe(false);
    vi.advanceTimersByTime(4999);
    expect(shown?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown?.closed).toBe(true);
  });

  it('opens the notification when clicked', () => {
    const open = vi.fn();
    const notification = aNotification();
    showDesktopNotification(notification, open);
    FakeDesktopNotification.shown[0]?.onclick?.();
    expect(open).toHaveBeenCalledWith(notification);
    expect(FakeDesktopNotification.shown[0]?.closed).toBe(true);
  });

  it('shows nothing without permission', () => {
    FakeDesktopNotification.permission = 'denied';
    showDesktopNotification(aNotification(), vi.fn());
    expect(FakeDesktopNotification.shown).toEqual([]);
  });

  it('asks for permission only while the browser has not decided', async () => {
    FakeDesktopNotification.permission = 'denied';
    expect(await requestDesktopPermission()).toBe('denied');
    expect(FakeDesktopNotification.requestPermission).not.toHaveBeenCalled();

    FakeDesktopNotification.permission = 'default';
    expect(await requestDesktopPermission()).toBe('granted');
    expect(FakeDesktopNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(desktopPermission()).toBe('granted');
  });
});
