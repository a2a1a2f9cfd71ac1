import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { fullMessage } from '@/test/mail-fixtures';
import { MessagePage } from './MessagePage';

afterEach(() => {
  resetApiClientState();
  vi.restoreAllMocks();
});

function openMessage(message: Message) {
  serveApi((request) =>
    request.url === '/mailboxes' ? ok([]) : request.method === 'GET' ? ok(message) : ok(null),
  );
  return renderScreen(`/message/${message.id}`, '/message/:messageId', <MessagePage />, ['/mailbox/inbox']);
}

describe('reading a message with the keyboard and on paper (issue 34)', () => {
  it('moves the focus to the heading when a message opens', async () => {
    openMessage(fullMessage());
    const heading = await screen.findByRole('heading', { level: 1, name: '회의 일정' });
    expect(heading).toHaveFocus();
  });

  it('prints from the More menu', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    openMessage(fullMessage());
    await screen.findByRole('heading', { level: 1, name: '회의 일정' });
    await userEvent.click(screen.getByRole('button', { name: '더보기' }));
    await userEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: '인쇄' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
