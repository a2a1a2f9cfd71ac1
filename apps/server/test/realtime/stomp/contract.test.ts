import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isNotificationTypeEnabled,
  notificationBulkRequestSchema,
  notificationCleanupQuerySchema,
  notificationEmoji,
  notificationListQuerySchema,
  notificationSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  updateNotificationRequestSchema,
  createNotificationRequestSchema,
} from '@postline/shared/notifications';
import { notificationPushSchema, realtimeUrl } from '@postline/shared/realtime';

describe('real-time contract', () => {
  it('a page talks to its own origin, on localhost too (the dev server proxies /ws)', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('http://localhost:5173/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:8090' })).toBe('http://127.0.0.1:8090/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'mail.example.kr' })).toBe('https://mail.example.kr/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '10.0.0.5:9000' })).toBe('http://10.0.0.5:9000/ws');
  });

  it('the push payload is the REST notification shape', () => {
    const dto = {
      id: 1,
      type: 'FILTER_EXECUTED',
      title: '필터 실행됨',
      content: '3개의 메일이 이동되었습니다',
      message: '3개의 메일이 이동되었습니다',
      isRead: false,
      readAt: null,
      createdAt: '2025-11-21T05:00:00.000Z',
      referenceType: 'FILTER',
      referenceId: 9,
      data: { filterName: '업무' },
    };
    expect(notificationPushSchema.parse(dto)).toEqual(notificationSchema.parse(dto));
    expect(notificationPushSchema.safeParse({ ...dto, type: 'SOMETHING' }).success).toBe(false);
  });
});

describe('notification contract', () => {
  it('settings default to everything on except sound, and a partial update resets nothing', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({
      enabled: true,
      newMessage: true,
      messageStatus: true,
      filterExecution: true,
      systemAlerts: true,
      desktop: true,
      sound: false,
    });
    expect(notificationSettingsSchema.parse({ sound: true }).sound).toBe(true);
    expect(notificationSettingsUpdateSchema.parse({ desktop: false })).toEqual({ desktop: false });
    expect(updateNotificationRequestSchema.parse({ title: '제목' })).toEqual({ title: '제목' });
  });

  it('a type is shown only when both enabled and its own switch are on', () => {
    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, newMessage: false };
    expect(isNotificationTypeEnabled(DEFAULT_NOTIFICATION_SETTINGS, 'NEW_MESSAGE')).toBe(true);
    expect(isNotificationTypeEnabled(off, 'NEW_MESSAGE')).toBe(false);
    expect(isNotificationTypeEnabled(off, 'FILTER_EXECUTED')).toBe(true);
    expect(
      isNotificationTypeEnabled({ ...DEFAULT_NOTIFICATION_SETTINGS, enabled: false }, 'SYSTEM_ALERT'),
    ).toBe(false);
  });

  it('unknown types get the generic bell', () => {
    expect(notificationEmoji('NEW_MESSAGE')).toBe('📧');
    expect(notificationEmoji('SOMETHING_NEW')).toBe('🔔');
  });

  it('list, cleanup and bulk requests carry the SPEC defaults and limits', () => {
    expect(notificationListQuerySchema.parse({})).toMatchObject({ page: 0, size: 20 });
    expect(notificationListQuerySchema.parse({ isRead: 'false' }).isRead).toBe(false);
    expect(notificationCleanupQuerySchema.parse({}).daysOld).toBe(30);
    expect(notificationCleanupQuerySchema.safeParse({ daysOld: '0' }).success).toBe(false);
    expect(notificationBulkRequestSchema.safeParse({ notificationIds: [] }).success).toBe(false);
    expect(
      notificationBulkRequestSchema.safeParse({
        notificationIds: Array.from({ length: 501 }, (_, i) => i + 1),
      }).success,
    ).toBe(false);
    expect(
      createNotificationRequestSchema.safeParse({ type: 'SYSTEM_ALERT', title: '가'.repeat(201) }).success,
    ).toBe(false);
    expect(createNotificationRequestSchema.parse({ type: 'SYSTEM_ALERT', title: ' 점검 ' })).toEqual({
      type: 'SYSTEM_ALERT',
      title: '점검',
      content: '',
    });
  });
});
