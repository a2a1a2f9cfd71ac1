import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@postline/shared/conversations';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi } from '@/test/fake-api';
import { fullMessage } from '@/test/mail-fixtures';
import { renderScreen } from '@/test/render';
import { ConversationPage } from './ConversationPage';

afterEach(() => {
  resetApiClientState();
  vi.restoreAllMocks();
});

const conversation: Conversation = {
  id: 'PGFAZXhhbXBsZT4',
  subject: '점심 약속',
  messages: [
    fullMessage({
      id: 1,
      subject: '점심 약속',
      fromName: '김민지',
      fromAddress: 'minji@postline.local',
      bodyText: '내일 점심 어때요?',
      preview: '내일 점심 어때요?',
      isRead: true,
    }),
    fullMessage({
      id: 2,
      subject: 'Re: 점심 약속',
      fromName: '이준',
      fromAddress: 'jun@postline.local',
      mailboxType: 'SENT',
      bodyText: '좋아요',
      preview: '좋아요',
      isRead: true,
    }),
    fullMessage({
      id: 3,
      subject: 'Re: Re: 점심 약속',
      fromName: '김민지',
      fromAddress: 'minji@postline.local',
      bodyText: '12시에 봬요',
      preview: '12시에 봬요',
      isRead: false,
    }),
  ],
};

function openConversation() {
  const seen = serveApi((request) =>
    request.url.startsWith('/conversations/') ? ok(conversation) : ok(null),
  );
  renderScreen(
    `/conversation/${conversation.id}?mailboxId=1`,
    '/conversation/:conversationId',
    <ConversationPage />,
    ['/mailbox/inbox'],
  );
  return seen;
}

describe('a conversation opened from the list (issue 36)', () => {
  it('shows its messages in order, the older ones collapsed to a line and the newest open', async () => {
    openConversation();
    await screen.findByRole('heading', { level: 1, name: '점심 약속' });
    const items = screen.getAllByTestId('conversation-message');
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.hasAttribute('data-expanded'))).toEqual([false, false, true]);
    expect(within(items[0]!).getByTestId('conversation-first-line')).toHaveTextContent('내일 점심 어때요?');
    expect(within(items[1]!).getByRole('button', { name: '나의 메일 펼치기' })).toBeInTheDocument();
    expect(within(items[2]!).getByText('12시에 봬요')).toBeInTheDocument();
    expect(within(items[2]!).getByRole('button', { name: '답장' })).toBeInTheDocument();
  });

  it('opens an older message with a click and marks the unread one read', async () => {
    const seen = openConversation();
    await screen.findByRole('heading', { level: 1, name: '점심 약속' });
    await userEvent.click(screen.getByRole('button', { name: '김민지의 메일 펼치기' }));
    const first = screen.getAllByTestId('conversation-message')[0]!;
    expect(first).toHaveAttribute('data-expanded');
    expect(within(first).getByText('내일 점심 어때요?')).toBeInTheDocument();
    await waitFor(() =>
      expect(seen.some((r) => r.method === 'PATCH' && r.url === '/messages/3/read')).toBe(true),
    );
    expect(seen.some((r) => r.method === 'PATCH' && r.url === '/messages/1/read')).toBe(false);
  });
});
