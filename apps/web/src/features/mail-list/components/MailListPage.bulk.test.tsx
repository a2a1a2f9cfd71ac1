import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageListItem } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { listItem, pageOf, systemFolders } from '../test-fixtures';
import { MailListPage } from './MailListPage';
import { rememberConversationView } from '../conversation-view';

// One row per message: these tests read the flat list (the conversation view has its own).
beforeEach(() => rememberConversationView(false));

afterEach(() => resetApiClientState());

/** The folder at `path` with `rows` in it; bulk actions answer that they took one message each. */
function open(path: string, rows: MessageListItem[]): SeenRequest[] {
  const seen = serveApi((request) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (request.url === '/mailboxes') return ok(systemFolders);
    if (request.method === 'POST' && request.url === '/messages/bulk') return ok({ affected: 1 });
    if (request.method === 'GET' && request.url.startsWith('/messages'))
      return ok(pageOf(rows, Number(params.page ?? 0), Number(params.size ?? 20), rows.length));
    return ok(null);
  });
  renderScreen(path, '/mailbox/:folder', <MailListPage />);
  return seen;
}

const bulkBodies = (seen: SeenRequest[]) =>
  seen.filter((r) => r.method === 'POST' && r.url === '/messages/bulk').map((r) => r.body);

describe('MailListPage bulk bar (issue 34)', { timeout: 40_000 }, () => {
  it('marks ticked mail unread, and its move menu offers neither Sent nor Drafts', async () => {
    const seen = open('/mailbox/inbox', [listItem({ id: 1, subject: '회의 일정', isRead: true })]);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: '메일 선택: 회의 일정' }, { timeout: 20_000 }),
    );
    const bar = screen.getByRole('region', { name: '선택한 메일 작업' });
    const offered = within(within(bar).getByLabelText('메일함으로 이동…'))
      .getAllByRole('option')
      .map((option) => option.textContent?.trim());
    expect(offered).toEqual(['메일함으로 이동…', '휴지통', '프로젝트']);
    await userEvent.click(within(bar).getByRole('button', { name: '읽지 않음으로 표시' }));
    await waitFor(() => expect(bulkBodies(seen)).toEqual([{ action: 'UNREAD', messageIds: [1] }]));
  });

  it('restores ticked mail in Trash, where Restore is offered', async () => {
    const seen = open('/mailbox/trash', [
      listItem({ id: 5, subject: '계약서', mailboxType: 'TRASH', mailboxId: 4 }),
    ]);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: '메일 선택: 계약서' }, { timeout: 20_000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: '복원' }));
    await waitFor(() => expect(bulkBodies(seen)).toEqual([{ action: 'RESTORE', messageIds: [5] }]));
    expect(await screen.findByText('메일 1개를 원래 있던 메일함으로 복원했습니다.')).toBeInTheDocument();
  });
});
