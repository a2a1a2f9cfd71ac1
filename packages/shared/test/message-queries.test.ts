import { describe, expect, it } from 'vitest';
import {
  formatMessageSort,
  isSearchDate,
  messageListQuerySchema,
  messageSearchQuerySchema,
  nextMessageSort,
  parseMessageSort,
  tryParseMessageSort,
} from '../src/message-queries.js';
import { issuesOf } from './issues.js';

describe('sort parsing', () => {
  it('defaults to newest first', () => {
    expect(parseMessageSort(undefined)).toEqual({ field: 'receivedAt', direction: 'desc' });
    expect(parseMessageSort('  ')).toEqual({ field: 'receivedAt', direction: 'desc' });
  });

  it('reads field and direction, in any case', () => {
    expect(parseMessageSort('subject,asc')).toEqual({ field: 'subject', direction: 'asc' });
    expect(parseMessageSort('size, DESC')).toEqual({ field: 'size', direction: 'desc' });
    expect(parseMessageSort('FROM,asc')).toEqual({ field: 'from', direction: 'asc' });
  });

  it('without a direction uses the field default', () => {
    expect(parseMessageSort('receivedAt')).toEqual({ field: 'receivedAt', direction: 'desc' });
    expect(parseMessageSort('subject')).toEqual({ field: 'subject', direction: 'asc' });
  });

  it('rejects unknown fields and directions, or falls back when lenient', () => {
    expect(tryParseMessageSort('password,asc')).toBeNull();
    expect(tryParseMessageSort('subject,up')).toBeNull();
    expect(tryParseMessageSort('subject,asc,extra')).toBeNull();
    expect(parseMessageSort('password,asc')).toEqual({ field: 'receivedAt', direction: 'desc' });
  });

  it('round-trips through the query text', () => {
    const sort = { field: 'size', direction: 'asc' } as const;
    expect(parseMessageSort(formatMessageSort(sort))).toEqual(sort);
  });

  it('the dropdown flips the same field and starts a new one in its default direction', () => {
    const byDate = { field: 'receivedAt', direction: 'desc' } as const;
    expect(nextMessageSort(byDate, 'receivedAt')).toEqual({
      field: 'receivedAt',
      direction: 'asc',
    });
    expect(nextMessageSort(byDate, 'subject')).toEqual({ field: 'subject', direction: 'asc' });
    expect(nextMessageSort({ field: 'subject', direction: 'asc' }, 'receivedAt')).toEqual(byDate);
  });
});

describe('list query', () => {
  it('parses a folder page as the web sends it', () => {
    const query = messageListQuerySchema.parse({
      mailboxType: 'inbox',
      page: '2',
      size: '50',
      sort: 'subject,asc',
      isRead: 'false',
      hasAttachments: 'true',
    });
    expect(query).toMatchObject({
      mailboxType: 'INBOX',
      page: 2,
      size: 50,
      sort: { field: 'subject', direction: 'asc' },
      isRead: false,
      hasAttachments: true,
    });
    expect(query.isStarred).toBeUndefined();
  });

  it('fills paging and sort defaults', () => {
    expect(messageListQuerySchema.parse({})).toMatchObject({
      page: 0,
      size: 20,
      sort: { field: 'receivedAt', direction: 'desc' },
    });
  });

  it('refuses a sort it cannot apply and an unknown mailbox type', () => {
    expect(issuesOf(messageListQuerySchema.safeParse({ sort: 'body,asc' }))).toEqual({
      sort: ['invalidSort'],
    });
    expect(issuesOf(messageListQuerySchema.safeParse({ mailboxType: 'OUTBOX' }))).toEqual({
      mailboxType: ['invalidValue'],
    });
  });

  it('takes the first of repeated sort parameters', () => {
    expect(messageListQuerySchema.parse({ sort: ['size,asc', 'subject,desc'] }).sort).toEqual({
      field: 'size',
      direction: 'asc',
    });
  });
});

describe('advanced search query', () => {
  it('accepts the modal fields, dropping blank ones', () => {
    const query = messageSearchQuerySchema.parse({
      keyword: ' 회의 ',
      startDate: '2025-03-01',
      endDate: '2025-03-01',
      from: '',
      to: 'lee@example.com',
      isUnread: 'true',
      mailboxType: '',
    });
    expect(query).toMatchObject({ keyword: '회의', startDate: '2025-03-01', isUnread: true });
    expect(query.from).toBeUndefined();
    expect(query.mailboxType).toBeUndefined();
  });

  it('accepts ISO date-times and refuses impossible dates', () => {
    expect(isSearchDate('2025-03-01T09:30:00+09:00')).toBe(true);
    expect(isSearchDate('2025-03-01T09:30:00.000Z')).toBe(true);
    expect(isSearchDate('2024-02-29')).toBe(true);
    expect(isSearchDate('2025-02-29')).toBe(false);
    expect(isSearchDate('2025-13-01')).toBe(false);
    expect(isSearchDate('03/01/2025')).toBe(false);
    expect(issuesOf(messageSearchQuerySchema.safeParse({ startDate: 'yesterday' }))).toEqual({
      startDate: ['invalidDate'],
    });
  });

  it('refuses an end date before the start date, a bare end date covering its whole day', () => {
    expect(
      issuesOf(messageSearchQuerySchema.safeParse({ startDate: '2025-03-02', endDate: '2025-03-01' })),
    ).toEqual({ endDate: ['invalidDateRange'] });
    expect(
      messageSearchQuerySchema.safeParse({
        startDate: '2025-03-01T15:00:00Z',
        endDate: '2025-03-01',
      }).success,
    ).toBe(true);
  });
});
