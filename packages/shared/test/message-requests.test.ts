import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  deleteMessageQuerySchema,
  forwardRequestSchema,
  markReadQuerySchema,
  moveQuerySchema,
  replyRequestSchema,
  saveDraftRequestSchema,
  sendMessageRequestSchema,
  type SaveDraftRequest,
  type SendMessageInput,
  type SendMessageRequest,
} from '../src/message-requests.js';
import { forwardSubject, replySubject } from '../src/subjects.js';
import { issuesOf } from './issues.js';

const validSend = {
  toAddresses: ['kim@example.com'],
  subject: '주간 회의',
  bodyText: '내일 10시에 뵙겠습니다.',
};

describe('sending a message', () => {
  it('accepts a complete message and fills the defaults of SPEC §3', () => {
    const parsed = sendMessageRequestSchema.parse(validSend);
    expect(parsed).toMatchObject({
      ccAddresses: [],
      bccAddresses: [],
      priority: 3,
      importance: 'NORMAL',
      labels: [],
      attachmentIds: [],
    });
  });

  it('reports every broken send rule at once, each on its field', () => {
    const result = sendMessageRequestSchema.safeParse({
      toAddresses: [],
      subject: '   ',
      bodyText: ' \n\t ',
    });
    expect(issuesOf(result)).toEqual({
      toAddresses: ['toRequired'],
      subject: ['subjectRequired'],
      bodyText: ['bodyRequired'],
    });
  });

  it('asks for a recipient when toAddresses is missing altogether', () => {
    const result = sendMessageRequestSchema.safeParse({ subject: 'Hi', bodyText: 'Body' });
    expect(issuesOf(result)).toEqual({ toAddresses: ['toRequired'] });
  });

  it('names the position of each invalid recipient in to, cc and bcc', () => {
    const result = sendMessageRequestSchema.safeParse({
      ...validSend,
      toAddresses: ['kim@example.com', 'not-an-address'],
      ccAddresses: ['lee@example'],
      bccAddresses: ['park @example.com'],
    });
    expect(issuesOf(result)).toEqual({
      'toAddresses.1': ['invalidEmail'],
      'ccAddresses.0': ['invalidEmail'],
      'bccAddresses.0': ['invalidEmail'],
    });
  });

  it('trims recipients and the subject but keeps the body as typed', () => {
    const parsed = sendMessageRequestSchema.parse({
      toAddresses: ['  kim@example.com '],
      subject: '  Hello  ',
      bodyText: '  indented\n',
    });
    expect(parsed.toAddresses).toEqual(['kim@example.com']);
    expect(parsed.subject).toBe('Hello');
    expect(parsed.bodyText).toBe('  indented\n');
  });

  it('counts an HTML body by its visible text', () => {
    const base = { toAddresses: ['kim@example.com'], subject: 'Hi', bodyText: '' };
    expect(sendMessageRequestSchema.safeParse({ ...base, bodyHtml: '<p>안녕하세요</p>' }).success).toBe(true);
    for (const bodyHtml of ['<p> </p><br>', '<p>&nbsp;</p>', '<style>p{}</style>']) {
      expect(issuesOf(sendMessageRequestSchema.safeParse({ ...base, bodyHtml }))).toEqual({
        bodyText: ['bodyRequired'],
      });
    }
  });

  it('keeps priority within 1..5 and importance within HIGH, NORMAL, LOW', () => {
    expect(issuesOf(sendMessageRequestSchema.safeParse({ ...validSend, priority: 0 }))).toEqual({
      priority: ['invalidPriority'],
    });
    expect(issuesOf(sendMessageRequestSchema.safeParse({ ...validSend, importance: 'URGENT' }))).toEqual({
      importance: ['invalidImportance'],
    });
    expect(sendMessageRequestSchema.parse({ ...validSend, priority: 1, importance: 'HIGH' })).toMatchObject({
      priority: 1,
      importance: 'HIGH',
    });
  });

  it('refuses more than ten attachments', () => {
    const ids = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(issuesOf(sendMessageRequestSchema.safeParse({ ...validSend, attachmentIds: ids }))).toEqual({
      attachmentIds: ['maxFilesExceeded|10'],
    });
  });
});

describe('saving a draft', () => {
  it('needs only a subject, with its own message', () => {
    expect(saveDraftRequestSchema.safeParse({ subject: '메모' }).success).toBe(true);
    expect(issuesOf(saveDraftRequestSchema.safeParse({ bodyText: 'half written' }))).toEqual({
      subject: ['draftSubjectRequired'],
    });
  });

  it('still refuses a malformed recipient', () => {
    const result = saveDraftRequestSchema.safeParse({ subject: 'x', toAddresses: ['nope'] });
    expect(issuesOf(result)).toEqual({ 'toAddresses.0': ['invalidEmail'] });
  });

  it('updates an existing draft given as draftId or id', () => {
    expect(saveDraftRequestSchema.parse({ subject: 'x', id: 7 }).draftId).toBe(7);
    expect(saveDraftRequestSchema.parse({ subject: 'x', draftId: 8 }).draftId).toBe(8);
    expect(saveDraftRequestSchema.parse({ subject: 'x' }).draftId).toBeUndefined();
  });
});

describe('reply and forward', () => {
  it('a reply needs a subject and a body', () => {
    const result = replyRequestSchema.safeParse({
      originalMessageId: 5,
      subject: '',
      bodyText: ' ',
    });
    expect(issuesOf(result)).toEqual({ subject: ['subjectRequired'], bodyText: ['bodyRequired'] });
    expect(
      replyRequestSchema.safeParse({ originalMessageId: 5, subject: 'Re: x', bodyText: 'ok' }).success,
    ).toBe(true);
  });

  it('a forward needs a recipient and a subject, the note is optional', () => {
    expect(
      issuesOf(forwardRequestSchema.safeParse({ originalMessageId: 5, toAddresses: [], subject: '' })),
    ).toEqual({ toAddresses: ['toRequired'], subject: ['subjectRequired'] });
    const parsed = forwardRequestSchema.parse({
      originalMessageId: 5,
      toAddresses: ['lee@example.com'],
      subject: 'Fwd: x',
    });
    expect(parsed).toMatchObject({
      bodyText: '',
      ccAddresses: [],
      includeOriginalAttachments: true,
    });
  });

  it('refuses an original message id that is not a positive integer', () => {
    const result = replyRequestSchema.safeParse({
      originalMessageId: -1,
      subject: 'a',
      bodyText: 'b',
    });
    expect(issuesOf(result)).toEqual({ originalMessageId: ['invalidId'] });
  });

  it('prefixes subjects once', () => {
    expect(replySubject('회의')).toBe('Re: 회의');
    expect(replySubject('RE: 회의')).toBe('RE: 회의');
    expect(forwardSubject('회의')).toBe('Fwd: 회의');
    expect(forwardSubject('Fw: 회의')).toBe('Fw: 회의');
    expect(forwardSubject('Re: 회의')).toBe('Fwd: Re: 회의');
  });
});

describe('PATCH and DELETE queries', () => {
  it('reads query booleans and ids from text', () => {
    expect(markReadQuerySchema.parse({ isRead: 'false' })).toEqual({ isRead: false });
    expect(markReadQuerySchema.parse({})).toEqual({ isRead: true });
    expect(deleteMessageQuerySchema.parse({})).toEqual({ permanent: false });
    expect(deleteMessageQuerySchema.parse({ permanent: 'true' })).toEqual({ permanent: true });
    expect(moveQuerySchema.parse({ targetMailboxId: '12' })).toEqual({ targetMailboxId: 12 });
    expect(issuesOf(moveQuerySchema.safeParse({}))).toEqual({ targetMailboxId: ['invalidId'] });
    expect(issuesOf(moveQuerySchema.safeParse({ targetMailboxId: 'abc' }))).toEqual({
      targetMailboxId: ['invalidId'],
    });
  });
});

describe('inferred types', () => {
  it('give the server parsed values with defaults filled', () => {
    expectTypeOf<SendMessageRequest['priority']>().toEqualTypeOf<number>();
    expectTypeOf<SendMessageRequest['ccAddresses']>().toEqualTypeOf<string[]>();
    expectTypeOf<SaveDraftRequest>().not.toHaveProperty('id');
    expectTypeOf<SaveDraftRequest['draftId']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<SendMessageInput>().toHaveProperty('priority').toEqualTypeOf<number | undefined>();
  });
});
