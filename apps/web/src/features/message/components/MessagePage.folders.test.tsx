import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { fullMessage, folder } from '@/test/mail-fixtures';
import { MessagePage } from './MessagePage';

afterEach(() => resetApiClientState());

const folders = [
  folder({ id: 1, type: 'INBOX', name: 'Inbox' }),
  folder({ id: 2, type: 'SENT', name: 'Sent' }),
  folder({ id: 3, type: 'DRAFTS', name: 'Drafts' }),
  folder({ id: 4, type: 'TRASH', name: 'Trash' }),
  folder({ id: 5, type: 'ARCHIVE', name: 'Archive' }),
  folder({ id: 12, type: 'CUSTOM', name: '프로젝트' }),
];

/** The message page, with the folder tree, and `filed` as the server's answer to a move or restore. */
function openMessage(message: Message, filed: Message): SeenRequest[] {
  const seen = serveApi((request) => {
    if (request.url === '/mailboxes') return ok(folders);
    if (request.method === 'GET') return ok(message);
    if (request.url.endsWith('/move') || request.url.endsWith('/restore')) return ok(filed);
    return ok(null);
  });
  renderScreen(`/message/${message.id}`, '/message/:messageId', <MessagePage />);
  return seen;
}

/** The page's first render loads its code and the message: generous on a busy machine. */
const shown = () => screen.findByRole('heading', { level: 1, name: '회의 일정' }, { timeout: 20_000 });

describe('MessagePage folder actions (issue 34)', { timeout: 40_000 }, () => {
  it('archives, then goes back to the list it came from', async () => {
    const seen = openMessage(fullMessage(), fullMessage({ mailboxId: 5, mailboxType: 'ARCHIVE' }));
    await shown();
    await userEvent.click(await screen.findByRole('button', { name: '보관' }));
    expect(await screen.findByText('메일을 보관함으로 옮겼습니다.')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/messages/7/move')?.params).toEqual({ targetMailboxId: 5 });
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
  });

  it('moves to a folder of the menu, which offers neither Sent nor Drafts nor where it is', async () => {
    const seen = openMessage(fullMessage(), fullMessage({ mailboxId: 12, mailboxType: 'CUSTOM' }));
    await shown();
    await userEvent.click(await screen.findByRole('button', { name: '메일함으로 이동' }));
    const menu = await screen.findByRole('menu', { name: '메일함으로 이동' });
    const offered = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(offered).toEqual(['보관함', '프로젝트']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '프로젝트' }));
    expect(await screen.findByText('메일을 프로젝트(으)로 옮겼습니다.')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/messages/7/move')?.params).toEqual({ targetMailboxId: 12 });
  });

  it('restores mail in Trash to where it came from, and offers no archive or move there', async () => {
    const trashed = fullMessage({ mailboxId: 4, mailboxType: 'TRASH' });
    const seen = openMessage(trashed, fullMessage({ mailboxId: 12, mailboxType: 'CUSTOM' }));
    await shown();
    await userEvent.click(await screen.findByRole('button', { name: '복원' }));
    expect(await screen.findByText('메일을 프로젝트(으)로 복원했습니다.')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/messages/7/restore']);
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/trash'));
    expect(screen.queryByRole('button', { name: '보관' })).not.toBeInTheDocument();
  });
});
