import { afterEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { ok, serveApi } from '@/test/fake-api';
import { suggestRecipients } from './contacts';

afterEach(() => resetApiClientState());

describe('suggestRecipients', () => {
  it('asks /contacts/suggest and makes each answer the chips a pick adds', async () => {
    signInAs();
    const seen = serveApi(() =>
      ok({
        items: [
          {
            kind: 'contact',
            name: '김민지',
            address: 'minji@example.com',
            contactId: 1,
            groupId: null,
            members: [],
          },
          {
            kind: 'recent',
            name: null,
            address: 'dave@new.example',
            contactId: null,
            groupId: null,
            members: [],
          },
          {
            kind: 'recent',
            name: 'Kim, Minsu',
            address: 'minsu@example.com',
            contactId: null,
            groupId: null,
            members: [],
          },
          {
            kind: 'group',
            name: '디자인팀',
            address: null,
            contactId: null,
            groupId: 7,
            members: [
              { name: '김민지', address: 'minji@example.com' },
              { name: '김민준', address: 'minjun@example.com' },
            ],
          },
          { kind: 'group', name: '빈 그룹', address: null, contactId: null, groupId: 8, members: [] },
        ],
      }),
    );
    const found = await suggestRecipients('ㄱㅁ', new AbortController().signal);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/contacts/suggest', params: { q: 'ㄱㅁ' } });
    expect(found).toEqual([
      {
        key: 'contact-minji@example.com',
        label: '김민지',
        detail: 'minji@example.com',
        values: ['김민지 <minji@example.com>'],
      },
      {
        key: 'recent-dave@new.example',
        label: 'dave@new.example',
        detail: undefined,
        values: ['dave@new.example'],
      },
      {
        key: 'recent-minsu@example.com',
        label: 'Kim, Minsu',
        detail: 'minsu@example.com',
        // A name with a comma is quoted, so the chip stays one recipient.
        values: ['"Kim, Minsu" <minsu@example.com>'],
      },
      {
        key: 'group-7',
        label: '디자인팀',
        groupSize: 2,
        values: ['김민지 <minji@example.com>', '김민준 <minjun@example.com>'],
      },
    ]);
  });
});
