import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@postline/shared/messages';
import type { Mailbox } from '@postline/shared/mailbox';
import { resetApiClientState } from '@/lib/api-client';
import { mergeArrivedMail } from '@/features/mail/arrived';
import { queryClient } from '@/lib/query-client';
import { fail, ok, serveApi } from '@/test/fake-api';
import { listItem, messageOfRow } from '@/test/mail-fixtures';
import { renderScreen } from '@/test/render';
import { DashboardPage } from './DashboardPage';

afterEach(() => resetApiClientState());

const box = (
  id: number,
  type: Mailbox['type'],
  totalCount: number,
  unreadCount = 0,
  name: string = type,
): Mailbox => ({
  id,
  type,
  name,
  totalCount,
  messageCount: totalCount,
  unreadCount,
  userId: 1,
  parentId: null,
  children: [],
});

function summary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    totalMessages: 1234,
    unreadMessages: 3,
    drafts: 2,
    sentToday: 4,
    notificationCount: 7,
    mailboxes: [
      box(1, 'INBOX', 10, 3),
      box(2, 'SENT', 5),
      box(3, 'DRAFTS', 2),
      box(4, 'TRASH', 1),
      box(12, 'CUSTOM', 0, 0, '프로젝트'),
    ],
    recent: [
      {
        id: 31,
        subject: '회의 일정',
        from: '이준 <jun@postline.local>',
        fromName: '이준',
        fromAddress: 'jun@postline.local',
        isRead: false,
        receivedAt: new Date().toISOString(),
      } as DashboardSummary['recent'][number],
    ],
    ...overrides,
  };
}

function openDashboard() {
  return renderScreen('/dashboard', '/dashboard', <DashboardPage userName="김민지" />);
}

describe('DashboardPage', () => {
  it('welcomes the user and shows the five counts, sent today included', async () => {
    serveApi(() => ok(summary()));
    openDashboard();
    expect(screen.getByRole('heading', { name: '김민지님, 환영합니다!' })).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByTestId('stat-unread')).toHaveTextContent('읽지 않은 메일3');
    expect(screen.getByTestId('stat-drafts')).toHaveTextContent('임시 보관2');
    expect(screen.getByTestId('stat-notifications')).toHaveTextContent('알림7');
    expect(screen.getByTestId('stat-sentToday')).toHaveTextContent('오늘 보낸 메일4');
  });

  it('links each folder card to its folder', async () => {
    serveApi(() => ok(summary()));
    openDashboard();
    expect(await screen.findByRole('link', { name: /^받은편지함/ })).toHaveAttribute(
      'href',
      '/mailbox/inbox',
    );
    expect(screen.getByRole('link', { name: /^보낸편지함/ })).toHaveAttribute('href', '/mailbox/sent');
    expect(screen.getByRole('link', { name: /^임시보관함/ })).toHaveAttribute('href', '/mailbox/drafts');
    expect(screen.getByRole('link', { name: /^휴지통/ })).toHaveAttribute('href', '/mailbox/trash');
    expect(screen.getByRole('link', { name: /^프로젝트/ })).toHaveAttribute('href', '/mailbox/folder-12');
  });

  it('lists the latest inbox mail, each opening through the inbox, with View all and the quick actions', async () => {
    serveApi(() => ok(summary()));
    openDashboard();
    const recent = await screen.findByTestId('recent-message');
    expect(recent).toHaveAttribute('href', '/mailbox/inbox?messageId=31');
    expect(within(recent).getByText('회의 일정')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '모두 보기' })).toHaveAttribute('href', '/mailbox/inbox');
    expect(screen.getByRole('link', { name: /메일 쓰기/ })).toHaveAttribute('href', '/compose');
    expect(screen.getByRole('link', { name: /메일 검색/ })).toHaveAttribute('href', '/mailbox/inbox');
    expect(screen.getByRole('link', { name: /연락처 관리/ })).toHaveAttribute('href', '/contacts');
    expect(screen.getByRole('link', { name: /중요 메일/ })).toHaveAttribute('href', '/mailbox/starred');
  });

  it('counts new mail and lists it first when the push comes, without loading the summary again', async () => {
    const seen = serveApi((request) =>
      request.url === '/messages/40'
        ? ok(messageOfRow(listItem({ id: 40, subject: '새 소식', isRead: false, mailboxId: 1 })))
        : ok(summary()),
    );
    openDashboard();
    // The card is there at once with a placeholder; wait for the loaded figure.
    expect(await screen.findByText('3', { selector: '[data-testid="stat-unread"] p' })).toBeInTheDocument();
    await act(() => mergeArrivedMail(queryClient, 40));
    expect(await screen.findByText('4', { selector: '[data-testid="stat-unread"] p' })).toBeInTheDocument();
    expect(screen.getAllByTestId('recent-message')[0]).toHaveTextContent('새 소식');
    expect(seen.filter((request) => request.url === '/dashboard/summary')).toHaveLength(1);
  });

  it('says when the summary cannot be loaded', async () => {
    serveApi(() => fail(500, 'SERVER_ERROR', '서버 오류'));
    openDashboard();
    expect(await screen.findByText('대시보드 정보를 불러오지 못했습니다.')).toBeInTheDocument();
  });
});
