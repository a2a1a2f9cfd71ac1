import { describe, expect, it } from 'vitest';
import {
  createMailboxRequestSchema,
  findMailboxByType,
  isSystemMailboxType,
  mailboxListSchema,
  type Mailbox,
} from '../src/mailbox.js';
import { issuesOf } from './issues.js';

function folder(id: number, type: Mailbox['type'], children: Mailbox[] = []): Mailbox {
  return {
    id,
    name: type === 'CUSTOM' ? `폴더 ${id}` : type,
    type,
    totalCount: 3,
    messageCount: 3,
    unreadCount: 1,
    userId: 1,
    parentId: null,
    children,
  };
}

describe('mailboxes', () => {
  it('parses nested folders and finds one by type at any depth', () => {
    const tree = [folder(1, 'INBOX'), folder(2, 'CUSTOM', [{ ...folder(3, 'ARCHIVE'), parentId: 2 }])];
    const parsed = mailboxListSchema.parse(tree);
    expect(parsed[1]?.children[0]?.type).toBe('ARCHIVE');
    expect(findMailboxByType(parsed, 'ARCHIVE')?.id).toBe(3);
    expect(findMailboxByType(parsed, 'TRASH')).toBeUndefined();
  });

  it('rejects a nested folder of unknown type', () => {
    const bad = [folder(1, 'CUSTOM', [{ ...folder(2, 'CUSTOM'), type: 'OUTBOX' as never }])];
    expect(mailboxListSchema.safeParse(bad).success).toBe(false);
  });

  it('tells system folders from custom ones', () => {
    expect(isSystemMailboxType('SPAM')).toBe(true);
    expect(isSystemMailboxType('CUSTOM')).toBe(false);
  });

  it('a folder name is trimmed, required and at most 100 characters', () => {
    expect(createMailboxRequestSchema.parse({ name: '  프로젝트 ', parentId: null })).toEqual({
      name: '프로젝트',
      parentId: null,
    });
    expect(issuesOf(createMailboxRequestSchema.safeParse({ name: ' ' }))).toEqual({
      name: ['nameRequired'],
    });
    expect(issuesOf(createMailboxRequestSchema.safeParse({ name: 'x'.repeat(101) }))).toEqual({
      name: ['tooLong|100'],
    });
    expect(issuesOf(createMailboxRequestSchema.safeParse({ name: 'a', parentId: 0 }))).toEqual({
      parentId: ['invalidId'],
    });
  });
});
