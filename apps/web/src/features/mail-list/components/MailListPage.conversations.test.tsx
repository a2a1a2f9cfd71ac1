import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationListItem } from '@postline/shared/conversations';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { listItem, pageOf, systemFolders } from '../test-fixtures';
import { MailListPage } from './MailListPage';

let seen: SeenRequest[];

const conversation: ConversationListItem = {
  ...listItem({ id: 9, subject: 'Re: 점심 약속', fromName: '김민지', isRead: false }),
  conversationId: 'PGx1bmNoQHBvc3RsaW5lPg',
  messageCount: 3,
  messagesInFolder: 2,
  unreadCount: 1,
  participants: [
    { name: '김민지', address: 'minji@postline.local', isMe: false },
    { name: '이준', address: 'jun@postline.local', isMe: true },
  ],
};

function serve(conversationView: boolean | null) {
  seen = serveApi((request) => {
    if (request.url === '/mailboxes') return ok(systemFolders);
    if (request.url === '/settings')
      return conversationView === null
        ? { status: 500, data: { success: false, code: 'X', message: 'x' } }
        : ok({ undoSendSeconds: 10, conversationView });
    if (request.url === '/conversations') return ok(pageOf([conversation], 0, 20, 1));
    if (request.url === '/messages')
      return ok(pageOf([listItem({ id: 9, subject: 'Re: 점심 약속' })], 0, 20, 1));
    return ok(null);
  });
}

const lists = () =>
  seen.filter((r) => r.method === 'GET' && (r.url === '/conversations' || r.url === '/messages'));

afterEach(() => resetApiClientState());

describe('the mail list by conversation (issue 36)', () => {
  it('shows one row per conversation by default, naming its writers with the count', async () => {
    serve(null);
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    const row = await screen.findByTestId('message-row');
    expect(within(row).getByTestId('row-sender')).toHaveTextContent('김민지, 나 (3)');
    expect(new Set(lists().map((r) => r.url))).toEqual(new Set(['/conversations']));
    await userEvent.click(within(row).getByText('Re: 점심 약속'));
    await waitFor(() =>
      expect(currentLocation()).toBe(`/conversation/${conversation.conversationId}?mailboxId=1`),
    );
  });

  it('stars and reads every message of a ticked conversation in the folder with one request', async () => {
    serve(true);
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    const row = await screen.findByTestId('message-row');
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '읽음으로 표시' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'READ',
      conversations: { ids: [conversation.conversationId], mailboxId: 1 },
    });
  });

  it('lists one row per message when the setting is off', async () => {
    serve(false);
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await waitFor(() => expect(lists().at(-1)?.url).toBe('/messages'));
    expect(await screen.findByTestId('row-sender')).toHaveTextContent('이준');
  });
});
