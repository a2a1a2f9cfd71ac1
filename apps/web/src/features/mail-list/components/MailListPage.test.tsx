// Over 300 lines on purpose: the mail list screen's paging, search, bulk actions and errors over one
// fake server; its cache behaviour is in MailListPage.cache.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { fail, ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import type { MessageListItem } from '@postline/shared/messages';
import { listItem, pageOf, systemFolders } from '../test-fixtures';
import { MailListPage } from './MailListPage';
import { rememberConversationView } from '../conversation-view';

type Params = Record<string, unknown>;
let rows: MessageListItem[];
let total: number;
let seen: SeenRequest[];

function serve(
  overrides: (method: string, url: string, params: Params) => ReturnType<typeof ok> | null = () => null,
) {
  seen = serveApi((request) => {
    const method = request.method;
    const url = request.url ?? '';
    const params = (request.params ?? {}) as Params;
    const custom = overrides(method, url, params);
    if (custom) return custom;
    if (url === '/mailboxes') return ok(systemFolders);
    if (method === 'GET' && url.startsWith('/messages')) {
      const size = Number(params.size ?? 20);
      return ok(pageOf(rows, Number(params.page ?? 0), size, total));
    }
    return ok(null);
  });
}

const calls = (method: string, url: string) => seen.filter((r) => r.method === method && r.url === url);
const lastList = () => [...seen].reverse().find((r) => r.method === 'GET' && r.url.startsWith('/messages'))!;

function openInbox(path = '/mailbox/inbox') {
  return renderScreen(path, '/mailbox/:folder', <MailListPage />);
}

beforeEach(() => {
  rows = [
    listItem({ id: 1, subject: '회의 일정', isRead: false }),
    listItem({ id: 2, subject: '주간 보고', fromName: '박서연' }),
  ];
  total = 2;
  serve();
});

// One row per message: these tests read the flat list (the conversation view has its own).
beforeEach(() => rememberConversationView(false));

afterEach(() => resetApiClientState());

describe('MailListPage', () => {
  it('titles the folder, lists its mail and shows the server total', async () => {
    total = 45;
    openInbox();
    expect(await screen.findByRole('heading', { level: 1, name: '받은편지함' })).toBeInTheDocument();
    expect(await screen.findByText('회의 일정')).toBeInTheDocument();
    expect(screen.getByText('전체 45개')).toBeInTheDocument();
    expect(screen.getByText('전체 45개 중 1-20')).toBeInTheDocument();
    expect(lastList().params).toMatchObject({
      mailboxType: 'INBOX',
      page: 0,
      size: 20,
      sort: 'receivedAt,desc',
    });
  });

  it('keeps the line of the total while the list loads, so the rows do not move when it arrives', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    seen = serveApi((request) => {
      if (request.url === '/mailboxes') return ok(systemFolders);
      return new Promise((resolve) => (answer = resolve));
    });
    openInbox();
    expect(await screen.findByRole('heading', { level: 1, name: '받은편지함' })).toBeInTheDocument();
    expect(screen.getByTestId('subtitle-placeholder')).toBeInTheDocument();
    answer(ok(pageOf(rows, 0, 20, 2)));
    expect(await screen.findByText('전체 2개')).toBeInTheDocument();
    expect(screen.queryByTestId('subtitle-placeholder')).not.toBeInTheDocument();
  });

  it('pages and changes the page size on the server', async () => {
    total = 45;
    openInbox();
    await screen.findByText('회의 일정');
    await userEvent.click(screen.getByRole('button', { name: '2페이지' }));
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 1, size: 20 }));
    expect(currentLocation()).toBe('/mailbox/inbox?page=2');
    await userEvent.selectOptions(screen.getByLabelText('페이지당 개수'), '50');
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 0, size: 50 }));
    expect(currentLocation()).toBe('/mailbox/inbox?size=50');
  });

  it('steps to the next and previous page by the cursors of the page shown, and jumps by number', async () => {
    total = 45;
    serve((method, url, params) => {
      if (method !== 'GET' || url !== '/messages') return null;
      const number = Number(params.page ?? 0);
      return ok({
        ...pageOf(rows, number, 20, total),
        nextCursor: number < 2 ? `next-of-${number}` : null,
        prevCursor: number > 0 ? `prev-of-${number}` : null,
        totalIsEstimate: false,
      });
    });
    openInbox();
    await screen.findByText('회의 일정');
    expect(lastList().params).not.toHaveProperty('cursor');
    await userEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 1, cursor: 'next-of-0' }));
    expect(currentLocation()).toBe('/mailbox/inbox?page=2');
    await screen.findByText('전체 45개 중 21-40');
    await userEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 2, cursor: 'next-of-1' }));
    await screen.findByText('전체 45개 중 41-45');
    await userEvent.click(screen.getByRole('button', { name: '이전 페이지' }));
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 1, cursor: 'prev-of-2' }));
    await screen.findByText('전체 45개 중 21-40');
    // The page number of the neighbour is a step too; two pages away is a jump by number.
    await userEvent.click(screen.getByRole('button', { name: '3페이지' }));
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 2, cursor: 'next-of-1' }));
    await screen.findByText('전체 45개 중 41-45');
    await userEvent.click(screen.getByRole('button', { name: '1페이지' }));
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 0 }));
    expect(lastList().params).not.toHaveProperty('cursor');
  });

  it('shows a capped search total as an estimate and keeps paging past it', async () => {
    total = 1000;
    serve((method, url, params) => {
      if (method !== 'GET' || url !== '/messages/search') return null;
      const number = Number(params.page ?? 0);
      return ok({
        ...pageOf(rows, number, 20, total),
        totalPages: Math.max(50, number + 2),
        last: false,
        nextCursor: `next-of-${number}`,
        prevCursor: null,
        totalIsEstimate: true,
      });
    });
    openInbox('/mailbox/inbox?q=%EB%B3%B4%EA%B3%A0&page=50');
    expect(await screen.findByText('전체 1,000개 이상')).toBeInTheDocument();
    expect(screen.getByText('전체 1,000개 이상 중 981-1000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    await waitFor(() => expect(lastList().params).toMatchObject({ page: 50, cursor: 'next-of-49' }));
    expect(currentLocation()).toContain('page=51');
  });

  it('marks an unread message read when it is opened, then shows it', async () => {
    openInbox();
    await userEvent.click(await screen.findByText('회의 일정'));
    await waitFor(() => expect(currentLocation()).toBe('/message/1'));
    expect(calls('PATCH', '/messages/1/read')[0]?.params).toEqual({ isRead: true });
  });

  it('opens a read message without marking it again', async () => {
    openInbox();
    await userEvent.click(await screen.findByText('주간 보고'));
    await waitFor(() => expect(currentLocation()).toBe('/message/2'));
    expect(calls('PATCH', '/messages/2/read')).toEqual([]);
  });

  it('opens a draft in compose to continue it', async () => {
    rows = [listItem({ id: 9, subject: '쓰다 만 메일', isDraft: true, mailboxType: 'DRAFTS' })];
    openInbox('/mailbox/drafts');
    await userEvent.click(await screen.findByText('쓰다 만 메일'));
    await waitFor(() => expect(currentLocation()).toBe('/compose?draftId=9'));
  });

  it('searches all mail from the quick search box and clears the search', async () => {
    openInbox();
    await screen.findByText('회의 일정');
    await userEvent.type(screen.getByRole('searchbox', { name: '메일 빠른 검색' }), '회의{Enter}');
    await waitFor(() => expect(lastList().url).toBe('/messages/search'));
    expect(lastList().params).toMatchObject({ q: '회의', page: 0 });
    expect(await screen.findByText('"회의" 검색 결과')).toBeInTheDocument();
    expect(currentLocation()).toBe('/mailbox/inbox?q=%ED%9A%8C%EC%9D%98');

    await userEvent.click(screen.getByRole('button', { name: '검색 해제' }));
    await waitFor(() => expect(lastList().url).toBe('/messages'));
    expect(currentLocation()).toBe('/mailbox/inbox');
  });

  it("explains a query it cannot read under the box, in the user's language, and sends nothing", async () => {
    openInbox();
    await screen.findByText('회의 일정');
    const calls = seen.length;
    const box = screen.getByRole('searchbox', { name: '메일 빠른 검색' });
    await userEvent.type(box, '"분기 보고서{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('따옴표가 닫히지 않았습니다: "분기 보고서');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(seen.length).toBe(calls);
    await userEvent.type(box, '"{Enter}');
    await waitFor(() => expect(lastList().params).toMatchObject({ q: '"분기 보고서"' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('runs the advanced search with its fields; Reset empties the form', async () => {
    openInbox();
    await screen.findByText('회의 일정');
    await userEvent.click(screen.getByRole('button', { name: '상세 검색' }));
    const dialog = screen.getByRole('dialog', { name: '상세 검색' });
    await userEvent.type(within(dialog).getByLabelText('검색어'), '보고');
    await userEvent.click(within(dialog).getByRole('button', { name: '초기화' }));
    expect(within(dialog).getByLabelText('검색어')).toHaveValue('');

    await userEvent.type(within(dialog).getByLabelText('보낸 사람'), 'jun@postline.local');
    await userEvent.click(within(dialog).getByLabelText('첨부 파일 있음'));
    await userEvent.selectOptions(within(dialog).getByLabelText('메일함'), 'SENT');
    await userEvent.click(within(dialog).getByRole('button', { name: '검색' }));

    await waitFor(() => expect(lastList().url).toBe('/messages/search'));
    const query = 'from:jun@postline.local has:attachment in:sent';
    expect(lastList().params).toEqual({ q: query, page: 0, size: 20, sort: 'receivedAt,desc' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The modal wrote the query in the box, as if typed; the title names the folder searched.
    expect(screen.getByRole('searchbox', { name: '메일 빠른 검색' })).toHaveValue(query);
    expect(screen.getByText(`"${query}" 검색 결과`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '보낸편지함 검색 결과' })).toBeInTheDocument();

    // Opened again, the modal shows the query as its fields.
    await userEvent.click(screen.getByRole('button', { name: '상세 검색' }));
    const again = screen.getByRole('dialog', { name: '상세 검색' });
    expect(within(again).getByLabelText('보낸 사람')).toHaveValue('jun@postline.local');
    expect(within(again).getByLabelText('첨부 파일 있음')).toBeChecked();
    expect(within(again).getByLabelText('메일함')).toHaveValue('SENT');
    expect(within(again).getByLabelText('검색어')).toHaveValue('');
  });

  it('applies bulk actions to the ticked messages in one request each, then clears the selection', async () => {
    serve((method, url, _params) =>
      method === 'POST' && url === '/messages/bulk' ? ok({ affected: 1 }) : null,
    );
    openInbox();
    await screen.findByText('회의 일정');
    await userEvent.click(screen.getByRole('checkbox', { name: '전체 선택' }));
    expect(screen.getByText('2개 선택됨')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '읽음으로 표시' }));
    await waitFor(() => expect(screen.queryByText(/선택됨/)).not.toBeInTheDocument());
    expect(calls('POST', '/messages/bulk').map((r) => r.body)).toEqual([
      { action: 'READ', messageIds: expect.arrayContaining([1, 2]) as unknown },
    ]);

    await userEvent.click(screen.getByRole('checkbox', { name: '메일 선택: 주간 보고' }));
    await userEvent.selectOptions(screen.getByLabelText('메일함으로 이동…'), '12');
    await waitFor(() =>
      expect(calls('POST', '/messages/bulk')[1]?.body).toEqual({
        action: 'MOVE',
        targetMailboxId: 12,
        messageIds: [2],
      }),
    );

    await userEvent.click(screen.getByRole('checkbox', { name: '메일 선택: 회의 일정' }));
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() =>
      expect(calls('POST', '/messages/bulk')[2]?.body).toEqual({ action: 'DELETE', messageIds: [1] }),
    );
  });

  it('offers to take every message of the folder once a whole page is ticked, and acts on the folder', async () => {
    serve((method, url) => (method === 'POST' && url === '/messages/bulk' ? ok({ affected: 2 }) : null));
    total = 45;
    openInbox();
    await screen.findByText('회의 일정');
    await userEvent.click(screen.getByRole('checkbox', { name: '전체 선택' }));
    expect(screen.getByText('이 페이지의 메일 2개를 모두 선택했습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '이 목록의 메일 45개 모두 선택' }));
    expect(screen.getByText('이 목록의 메일 45개를 모두 선택했습니다.')).toBeInTheDocument();
    expect(screen.getByText('45개 선택됨')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^별표$/ }));
    await waitFor(() =>
      expect(calls('POST', '/messages/bulk')[0]?.body).toEqual({ action: 'STAR', scope: { mailboxId: 1 } }),
    );
  });

  it('tells an empty folder apart from filters that hide everything', async () => {
    rows = [];
    total = 0;
    openInbox();
    expect(await screen.findByText('메일함이 비어 있습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '필터' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '읽지 않은 메일만' }));
    expect(await screen.findByText('필터에 맞는 메일이 없습니다.')).toBeInTheDocument();
    expect(lastList().params).toMatchObject({ isRead: 'false' });
  });

  it('shows the error with Retry, which loads the folder again', async () => {
    let failing = true;
    serve((method, url) =>
      failing && method === 'GET' && url === '/messages'
        ? fail(500, 'SERVER_ERROR', '서버 오류입니다.')
        : null,
    );
    openInbox();
    expect(await screen.findByText('메일을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByText('서버 오류입니다.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('회의 일정')).toBeInTheDocument();
  });

  it('titles a custom folder by its name and lists it by id', async () => {
    openInbox('/mailbox/folder-12');
    expect(await screen.findByRole('heading', { level: 1, name: '프로젝트' })).toBeInTheDocument();
    expect(lastList().params).toMatchObject({ mailboxId: 12 });
  });

  it('opens the message named by ?messageId=', async () => {
    openInbox('/mailbox/inbox?messageId=42');
    await waitFor(() => expect(currentLocation()).toBe('/message/42'));
  });
});
