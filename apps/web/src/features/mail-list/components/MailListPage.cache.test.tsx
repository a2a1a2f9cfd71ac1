import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mailbox } from '@postline/shared/mailbox';
import type { MessageListItem, MessagePage } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { mergeArrivedMail } from '@/features/mail/arrived';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { fail, ok, serveApi, type Reply, type SeenRequest } from '@/test/fake-api';
import { messageOfRow } from '@/test/mail-fixtures';
import { renderScreen } from '@/test/render';
import { listItem, pageOf, systemFolders } from '../test-fixtures';
import { MailListPage } from './MailListPage';
import { rememberConversationView } from '../conversation-view';

let seen: SeenRequest[];
const lists = () => seen.filter((r) => r.method === 'GET' && r.url === '/messages');

function serve(
  rows: () => MessageListItem[],
  total: () => number,
  other: (url: string, method: string) => Reply | null = () => null,
) {
  seen = serveApi((request) => {
    const custom = other(request.url, request.method);
    if (custom) return custom;
    if (request.url === '/mailboxes') return ok(systemFolders);
    const params = (request.params ?? {}) as { page?: number; size?: number };
    if (request.method === 'GET' && request.url === '/messages')
      return ok(pageOf(rows(), Number(params.page ?? 0), Number(params.size ?? 20), total()));
    return ok(null);
  });
}

// One row per message: these tests read the flat list (the conversation view has its own).
beforeEach(() => rememberConversationView(false));

afterEach(() => resetApiClientState());

describe('MailListPage and the server-state cache', () => {
  it('puts new mail on top and counts it when the push comes, without loading the list again', async () => {
    const held = [listItem({ id: 1, subject: '회의 일정' }), listItem({ id: 2, subject: '주간 보고' })];
    const arrived = listItem({ id: 3, subject: '새 소식', isRead: false });
    serve(
      () => held,
      () => 2,
      (url) => (url === '/messages/3' ? ok(messageOfRow(arrived)) : null),
    );
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await screen.findByText('회의 일정');
    await screen.findByText('전체 2개');
    const listLoads = lists().length;

    await act(() => mergeArrivedMail(queryClient, 3));

    expect(await screen.findByText('새 소식')).toBeInTheDocument();
    const rows = screen.getAllByTestId('message-row');
    expect(rows[0]).toHaveTextContent('새 소식');
    expect(rows).toHaveLength(3);
    expect(screen.getByText('전체 3개')).toBeInTheDocument();
    // One small request for the new message; the list itself was not asked for again.
    expect(seen.filter((r) => r.url === '/messages/3')).toHaveLength(1);
    expect(lists()).toHaveLength(listLoads);
    // The row is a list row: the message's bodies and headers stay out of the list's cache.
    const cached = queryClient.getQueriesData<MessagePage>({ queryKey: queryKeys.messages.lists });
    const pushed = cached[0]?.[1]?.content.find((row) => row.id === 3);
    expect(pushed).toMatchObject({ subject: '새 소식' });
    expect(Object.keys(pushed ?? {})).not.toContain('bodyText');
    expect(Object.keys(pushed ?? {})).not.toContain('attachments');
    const inbox = queryClient.getQueryData<Mailbox[]>(queryKeys.folders)?.find((box) => box.type === 'INBOX');
    expect(inbox).toMatchObject({ unreadCount: 2, totalCount: 4 });

    // The same push again (after a reconnect) changes nothing.
    await act(() => mergeArrivedMail(queryClient, 3));
    expect(screen.getAllByTestId('message-row')).toHaveLength(3);
    expect(screen.getByText('전체 3개')).toBeInTheDocument();
  });

  it('takes the star back and says so when the server refuses it', async () => {
    serve(
      () => [listItem({ id: 1, subject: '회의 일정' })],
      () => 1,
      (url, method) =>
        method === 'PATCH' && url === '/messages/1/star'
          ? fail(500, 'SERVER_ERROR', '서버 오류입니다.')
          : null,
    );
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await userEvent.click(await screen.findByRole('button', { name: '별표 표시: 회의 일정' }));
    expect(await screen.findByText('별표를 바꾸지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '별표 표시: 회의 일정' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '별표 해제: 회의 일정' })).not.toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('shows the star at once, before the server answers', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    seen = serveApi((request) => {
      if (request.url === '/mailboxes') return ok(systemFolders);
      if (request.method === 'PATCH') return new Promise<Reply>((resolve) => (answer = resolve));
      return ok(pageOf([listItem({ id: 1, subject: '회의 일정' })], 0, 20, 1));
    });
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await userEvent.click(await screen.findByRole('button', { name: '별표 표시: 회의 일정' }));
    expect(screen.getByRole('button', { name: '별표 해제: 회의 일정' })).toBeInTheDocument();
    act(() => answer(ok(null)));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '별표 해제: 회의 일정' })).toBeInTheDocument(),
    );
  });

  it('keeps the rows of the page shown until the next page arrives', async () => {
    const firstPage = [listItem({ id: 1, subject: '첫 페이지 메일' })];
    let answerSecond: (reply: Reply) => void = () => undefined;
    seen = serveApi((request) => {
      if (request.url === '/mailboxes') return ok(systemFolders);
      const page = Number((request.params as { page?: number }).page ?? 0);
      if (page === 0) return ok(pageOf(firstPage, 0, 20, 45));
      return new Promise<Reply>((resolve) => (answerSecond = resolve));
    });
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await screen.findByText('첫 페이지 메일');
    await userEvent.click(screen.getByRole('button', { name: '2페이지' }));
    await waitFor(() => expect(lists().some((r) => (r.params as { page: number }).page === 1)).toBe(true));
    // Still the first page's row, no spinner in its place.
    expect(screen.getByText('첫 페이지 메일')).toBeInTheDocument();
    expect(screen.queryByText('메일을 불러오는 중…')).not.toBeInTheDocument();
    act(() => answerSecond(ok(pageOf([listItem({ id: 21, subject: '둘째 페이지 메일' })], 1, 20, 45))));
    expect(await screen.findByText('둘째 페이지 메일')).toBeInTheDocument();
    expect(screen.queryByText('첫 페이지 메일')).not.toBeInTheDocument();
  });
});
