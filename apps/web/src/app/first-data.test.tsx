import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MailListPage } from '@/features/mail-list/components/MailListPage';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { listItem, folder } from '@/test/mail-fixtures';
import { renderScreen } from '@/test/render';
import { prefetchFirstScreenData } from './router';
import { rememberConversationView } from '@/features/mail-list/conversation-view';

let seen: SeenRequest[];
const calls = (url: string) => seen.filter((r) => r.method === 'GET' && r.url === url).length;

function serveInbox() {
  seen = serveApi((request) => {
    if (request.url === '/mailboxes') return ok([folder({ id: 1, type: 'INBOX', totalCount: 1 })]);
    if (request.url === '/messages')
      return ok({
        content: [listItem({ id: 1, subject: '회의 일정' })],
        number: 0,
        size: 20,
        totalElements: 1,
        totalPages: 1,
        first: true,
        last: true,
        nextCursor: null,
        prevCursor: null,
        totalIsEstimate: false,
      });
    return ok(null);
  });
}

// One row per message: these tests read the flat list (the conversation view has its own).
beforeEach(() => rememberConversationView(false));

afterEach(() => resetApiClientState());

describe('the first screen’s data (issue 17)', () => {
  it('is asked for before the screen renders, and the screen does not ask again', async () => {
    serveInbox();
    prefetchFirstScreenData('/mailbox/inbox', '');
    await waitFor(() => expect(calls('/messages')).toBe(1));
    await waitFor(() => expect(calls('/mailboxes')).toBe(1));

    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    expect(await screen.findByText('회의 일정')).toBeInTheDocument();
    expect(calls('/messages')).toBe(1);
    expect(calls('/mailboxes')).toBe(1);

    // Opened again later, the screen shows what it had and asks the server once more, as before.
    cleanup();
    const later = Date.now() + 6_000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    expect(await screen.findByText('회의 일정')).toBeInTheDocument();
    await waitFor(() => expect(calls('/messages')).toBeGreaterThan(1));
  });

  it('asks for the filters on /filters and the message on its original, beside the folder tree', async () => {
    serveInbox();
    prefetchFirstScreenData('/filters', '');
    await waitFor(() => expect(calls('/filters')).toBe(1));
    prefetchFirstScreenData('/message/7/original', '');
    await waitFor(() => expect(calls('/messages/7')).toBe(1));
    expect(calls('/mailboxes')).toBeGreaterThanOrEqual(1);
  });

  it('asks for nothing but the folder tree on a screen without its own first call', async () => {
    serveInbox();
    prefetchFirstScreenData('/compose', '');
    await waitFor(() => expect(calls('/mailboxes')).toBe(1));
    expect(seen.map((r) => r.url)).toEqual(['/mailboxes']);
  });
});
