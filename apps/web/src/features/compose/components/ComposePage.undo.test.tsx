import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { fail, ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { useComposeForm } from '../hooks/use-compose-form';
import { autosaveTiming } from '../hooks/use-draft-autosave';
import { ComposePage } from './ComposePage';

/*
 * Issue 36: after Send the server holds the mail for the undo delay; "Sending… Undo" stays that
 * long, and Undo brings the composer back as it was. Send later sends with the time chosen.
 */

const account = { id: 7, name: '김민지', email: 'minji@postline.local' };
const empty = { content: [], number: 0, size: 100, totalElements: 0, totalPages: 0, first: true, last: true };
let seen: SeenRequest[];
/** What the fake server keeps of the mail: the draft's last save. */
let draft: { toAddresses: string[]; subject: string; bodyText: string } | null;
let place: 'DRAFTS' | 'SCHEDULED';

function stored(fields: Partial<Message>): Message {
  return {
    toAddresses: [],
    ccAddresses: [],
    bccAddresses: [],
    attachmentIds: [],
    bodyText: '',
    ...fields,
  } as Message;
}

beforeEach(() => {
  autosaveTiming.idleMs = 3_600_000;
  localStorage.clear();
  useComposeForm.getState().reset();
  draft = null;
  place = 'DRAFTS';
  seen = serveApi((request) => {
    const url = request.url ?? '';
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    if (url === '/signatures' || url === '/templates') return ok(empty);
    if (url === '/settings')
      return ok({ undoSendSeconds: 10, conversationView: true, keyboardShortcuts: true });
    if (request.method === 'POST' && url === '/messages/drafts') {
      draft = body;
      return ok(stored({ id: 300, isDraft: true, mailboxType: 'DRAFTS' }));
    }
    if (request.method === 'POST' && url === '/messages') {
      const sendAt = (request.params as { sendAt?: string } | undefined)?.sendAt;
      place = 'SCHEDULED';
      const at = sendAt ?? new Date(Date.now() + 10_000).toISOString();
      return ok(stored({ id: 300, isDraft: true, mailboxType: 'SCHEDULED', receivedAt: at }));
    }
    if (request.method === 'POST' && url === '/scheduled/300/send-now') {
      place = 'DRAFTS';
      return ok({ messageId: 300, sendAt: new Date().toISOString(), undo: false });
    }
    if (request.method === 'POST' && url === '/scheduled/300/cancel') {
      if (place !== 'SCHEDULED') return fail(404, 'MAIL_NOT_FOUND', '보낼 예정인 메일이 아닙니다.');
      place = 'DRAFTS';
      return ok({ draftId: 300 });
    }
    if (request.method === 'GET' && url === '/messages/drafts/300' && draft)
      return ok({
        message: stored({
          id: 300,
          isDraft: true,
          mailboxType: place,
          subject: draft.subject,
          bodyText: draft.bodyText,
          receivedAt: new Date(2030, 2, 4, 9, 30).toISOString(),
        }),
        context: { kind: 'NEW', originalMessageId: null, signatureId: null, signatureText: null },
        recipients: { to: draft.toAddresses, cc: [], bcc: [] },
      });
    return fail(500, 'SERVER_ERROR', `unexpected ${request.method} ${url}`);
  });
});
afterEach(() => resetApiClientState());

const openCompose = () =>
  renderScreen('/compose', '/compose', <ComposePage account={account} />, ['/mailbox/inbox']);

async function write() {
  await waitFor(() => expect(seen.some((r) => r.url === '/settings')).toBe(true));
  await userEvent.type(screen.getByLabelText('받는 사람'), '이준 <jun@postline.local>{Enter}');
  await userEvent.type(screen.getByLabelText('제목'), '분기 보고');
  await userEvent.type(screen.getByLabelText('내용'), '첨부한 보고서를 봐 주세요.');
}

describe('undo send', () => {
  it('shows "Sending… Undo"; Undo takes the mail back and opens it in the composer as it was', async () => {
    openCompose();
    await write();
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    // Saved as a draft first (its signature and context), then sent: the server holds it.
    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
        '/messages/drafts',
        '/messages',
      ]),
    );
    const toast = (await screen.findByText('보내는 중…')).parentElement!;
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/sent'));
    await userEvent.click(within(toast).getByRole('button', { name: '실행 취소' }));

    await waitFor(() => expect(currentLocation()).toBe('/compose?draftId=300'));
    expect(seen.map((r) => `${r.method} ${r.url}`)).toContain('POST /scheduled/300/cancel');
    await waitFor(() => expect(screen.getByLabelText('제목')).toHaveValue('분기 보고'));
    expect(screen.getByLabelText('내용')).toHaveValue('첨부한 보고서를 봐 주세요.');
    expect(screen.getByRole('button', { name: '이준 <jun@postline.local> 삭제' })).toBeInTheDocument();
    expect(useComposeForm.getState().to).toEqual(['이준 <jun@postline.local>']);
    expect(
      await screen.findByText('보내기를 취소했습니다. 메일을 다시 편집할 수 있습니다.'),
    ).toBeInTheDocument();
  });
});

describe('send later', () => {
  it('refuses a past time and sends with the time chosen, then goes to Scheduled', async () => {
    openCompose();
    await write();
    await userEvent.click(screen.getByRole('button', { name: '나중에 보내기' }));
    expect(screen.getByRole('menuitem', { name: /내일 아침/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /월요일 아침/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: '날짜와 시간 선택…' }));
    const dialog = await screen.findByRole('dialog', { name: '보낼 날짜와 시간' });
    const field = within(dialog).getByLabelText('날짜와 시간');
    await userEvent.clear(field);
    await userEvent.type(field, '2020-01-01T08:00');
    await userEvent.click(within(dialog).getByRole('button', { name: '예약' }));
    expect(within(dialog).getByText('예약 시간은 지금보다 뒤여야 합니다.')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/messages')).toBe(false);

    const later = new Date(Date.now() + 2 * 86_400_000);
    later.setHours(9, 30, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const value = `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T09:30`;
    await userEvent.clear(field);
    await userEvent.type(field, value);
    await userEvent.click(within(dialog).getByRole('button', { name: '예약' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/scheduled'));
    const send = seen.find((r) => r.method === 'POST' && r.url === '/messages')!;
    expect(send.params).toEqual({ sendAt: later.toISOString() });
    expect(await screen.findByText(/에 보내도록 예약했습니다/)).toBeInTheDocument();
  });
});

describe('a scheduled mail opened in the composer', () => {
  const waiting = () => {
    draft = { toAddresses: ['jun@postline.local'], subject: '예약한 메일', bodyText: '내용' };
    place = 'SCHEDULED';
  };

  it('says when it goes; Cancel takes it off the schedule and writing goes on', async () => {
    waiting();
    renderScreen('/compose?draftId=300', '/compose', <ComposePage account={account} />);
    const banner = await screen.findByText(/2030년 3월 4일 오전 9:30에 보내도록 예약되어 있습니다/);
    await userEvent.click(
      within(banner.closest('[role="status"]')!).getByRole('button', { name: '예약 취소' }),
    );
    await waitFor(() => expect(screen.queryByText(/예약되어 있습니다/)).not.toBeInTheDocument());
    expect(seen.map((r) => `${r.method} ${r.url}`)).toContain('POST /scheduled/300/cancel');
    expect(await screen.findByText('예약을 취소했습니다. 메일은 임시보관함에 있습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('제목')).toHaveValue('예약한 메일');
  });

  it('Send now sends it at once and goes to Sent', async () => {
    waiting();
    renderScreen('/compose?draftId=300', '/compose', <ComposePage account={account} />);
    await userEvent.click(await screen.findByRole('button', { name: '지금 보내기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/sent'));
    expect(seen.map((r) => `${r.method} ${r.url}`)).toContain('POST /scheduled/300/send-now');
  });
});
