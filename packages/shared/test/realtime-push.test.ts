import { describe, expect, it } from 'vitest';
import { realtimePushSchema } from '../src/realtime.js';
import { readRealtimePush } from '../src/realtime-push.js';

const notification = {
  id: 7,
  type: 'NEW_MESSAGE',
  title: '새 메일: 김민지',
  content: '주간 회의록',
  message: '주간 회의록',
  isRead: false,
  readAt: null,
  createdAt: '2026-11-27T05:00:00.000Z',
  referenceType: 'MESSAGE',
  referenceId: 42,
  data: { messageId: 42, from: 'minji@postline.local' },
};
const read = { kind: 'read', ids: [7], all: false, readAt: '2026-11-27T05:01:00.000Z', unreadCount: 0 };
const mail = { kind: 'mail', messageId: 42, mailboxId: 1 };

const valid = [notification, read, mail, { ...notification, readAt: notification.createdAt, isRead: true }];
const invalid = [
  null,
  'text',
  [notification],
  { hello: 'world' },
  { ...mail, messageId: '42' },
  { ...mail, kind: 'other' },
  { ...read, ids: ['7'] },
  { ...read, unreadCount: -1 },
  { ...notification, id: 7.5 },
  { ...notification, isRead: 'no' },
  { ...notification, data: null },
  { ...notification, title: undefined },
];

describe('reading a real-time push without zod', () => {
  it.each(valid)('takes what the schema takes: %j', (body) => {
    expect(realtimePushSchema.safeParse(body).success).toBe(true);
    expect(readRealtimePush(body)).toEqual(body);
  });

  it.each(invalid)('drops what the schema refuses: %j', (body) => {
    expect(realtimePushSchema.safeParse(body).success).toBe(false);
    expect(readRealtimePush(body)).toBeNull();
  });
});
