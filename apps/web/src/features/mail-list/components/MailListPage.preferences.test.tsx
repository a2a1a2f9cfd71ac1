import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { listItem, pageOf, systemFolders } from '../test-fixtures';
import { MailListPage } from './MailListPage';
import { rememberConversationView } from '../conversation-view';

let seen: SeenRequest[];
const rows = [listItem({ id: 1, subject: '회의 일정' }), listItem({ id: 2, subject: '주간 보고' })];

beforeEach(() => {
  seen = serveApi((request) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (request.url === '/mailboxes') return ok(systemFolders);
    if (request.method === 'GET' && request.url.startsWith('/messages'))
      return ok(pageOf(rows, Number(params.page ?? 0), Number(params.size ?? 20), 120));
    return ok(null);
  });
});

// One row per message: these tests read the flat list (the conversation view has its own).
beforeEach(() => rememberConversationView(false));

afterEach(() => resetApiClientState());

const lists = () => seen.filter((r) => r.method === 'GET' && r.url.startsWith('/messages'));

describe('the mail list remembers what the person chose, and lets a phone write (issue 34)', () => {
  it('opens the next list, and the next visit, with the page size chosen last', async () => {
    const first = renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await screen.findByText('회의 일정');
    await userEvent.selectOptions(screen.getByLabelText('페이지당 개수'), '50');
    await waitFor(() => expect(lists().at(-1)?.params).toMatchObject({ size: 50 }));
    first.unmount();

    // A folder opened from the sidebar has no ?size= in its address.
    seen.length = 0;
    renderScreen('/mailbox/sent', '/mailbox/:folder', <MailListPage />);
    await screen.findByText('회의 일정');
    expect(screen.getByLabelText('페이지당 개수')).toHaveValue('50');
    expect(new Set(lists().map((r) => (r.params as { size: number }).size))).toEqual(new Set([50]));
    expect(currentLocation()).toBe('/mailbox/sent');
  });

  it('goes back to 20 rows once 20 is chosen again', async () => {
    localStorage.setItem('postline.pageSize', '100');
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await screen.findByText('회의 일정');
    expect(lists()[0]?.params).toMatchObject({ size: 100 });
    await userEvent.selectOptions(screen.getByLabelText('페이지당 개수'), '20');
    await waitFor(() => expect(lists().at(-1)?.params).toMatchObject({ size: 20 }));
    expect(localStorage.getItem('postline.pageSize')).toBeNull();
  });

  it('has a compose button of its own, for phones where the sidebar is behind the menu', async () => {
    renderScreen('/mailbox/inbox', '/mailbox/:folder', <MailListPage />);
    await screen.findByText('회의 일정');
    await userEvent.click(screen.getByRole('link', { name: '메일 쓰기' }));
    expect(currentLocation()).toBe('/compose');
  });
});
