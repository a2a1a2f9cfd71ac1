import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AwayReply } from '@postline/shared/away-reply';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { SettingsPage } from './SettingsPage';

const off: AwayReply = {
  enabled: false,
  firstDay: null,
  lastDay: null,
  timeZone: 'Asia/Seoul',
  subject: '',
  body: '',
  includeSignature: true,
  contactsOnly: false,
  intervalDays: 4,
};

/** The settings and away reply server: GET answers what PUT saved. */
function serveAway(initial: AwayReply, refuse: string | null = null) {
  let reply = { ...initial };
  const seen = serveApi((request) => {
    if (request.url === '/settings')
      return ok({ undoSendSeconds: 10, conversationView: true, keyboardShortcuts: true });
    if (request.method === 'GET' && request.url === '/away-reply') return ok(reply);
    if (request.method === 'PUT' && request.url === '/away-reply') {
      if (refuse) return fail(400, 'VALIDATION_ERROR', refuse);
      const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
      reply = { ...reply, ...body };
      return ok(reply);
    }
    return fail(500, 'SERVER_ERROR', 'unexpected');
  });
  return { seen, current: () => reply };
}

const renderPage = () => renderScreen('/settings', '/settings', <SettingsPage />);
const section = () => screen.getByRole('region', { name: '부재중 자동 응답' });

beforeEach(() => signInAs());
afterEach(() => resetApiClientState());

describe('the away reply on the settings page (issue 37)', () => {
  it('turns it on with days and texts, saved in one request with the browser zone', async () => {
    const server = serveAway(off);
    renderPage();
    const save = await screen.findByRole('button', { name: '자동 응답 저장' });
    expect(save).toBeDisabled();
    await userEvent.click(within(section()).getByRole('switch', { name: '부재중 자동 응답 사용' }));
    await userEvent.type(within(section()).getByLabelText('첫날'), '2026-12-01');
    await userEvent.type(within(section()).getByLabelText('마지막 날'), '2026-12-05');
    await userEvent.type(within(section()).getByLabelText('제목'), '휴가 중입니다');
    await userEvent.type(within(section()).getByLabelText('내용'), '12월 5일까지 휴가입니다.');
    await userEvent.click(
      within(section()).getByRole('checkbox', { name: '연락처에 있는 사람에게만 보내기' }),
    );
    await userEvent.click(save);
    expect(await screen.findByText('부재중 자동 응답을 저장했습니다.')).toBeInTheDocument();
    const puts = server.seen.filter((r) => r.method === 'PUT').map((r) => r.body);
    expect(puts).toEqual([
      {
        enabled: true,
        firstDay: '2026-12-01',
        lastDay: '2026-12-05',
        subject: '휴가 중입니다',
        body: '12월 5일까지 휴가입니다.',
        includeSignature: true,
        contactsOnly: true,
        intervalDays: 4,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: '자동 응답 저장' })).toBeDisabled());
  });

  it('checks the days and texts before sending, and keeps what was typed when the server refuses', async () => {
    const server = serveAway(off, '같은 사람에게 다시 답하는 간격은 1일에서 30일 사이여야 합니다.');
    renderPage();
    await screen.findByRole('button', { name: '자동 응답 저장' });
    await userEvent.click(within(section()).getByRole('switch', { name: '부재중 자동 응답 사용' }));
    await userEvent.type(within(section()).getByLabelText('첫날'), '2026-12-05');
    await userEvent.type(within(section()).getByLabelText('마지막 날'), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: '자동 응답 저장' }));
    expect(
      await within(section()).findByText('마지막 날은 첫날과 같거나 그 뒤여야 합니다.'),
    ).toBeInTheDocument();
    expect(within(section()).getByText('제목을 입력해 주세요.')).toBeInTheDocument();
    expect(server.seen.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.clear(within(section()).getByLabelText('마지막 날'));
    await userEvent.type(within(section()).getByLabelText('제목'), '휴가');
    await userEvent.type(within(section()).getByLabelText('내용'), '돌아오면 답장하겠습니다.');
    await userEvent.click(screen.getByRole('button', { name: '자동 응답 저장' }));
    expect(await within(section()).findByText(/1일에서 30일 사이여야 합니다/)).toBeInTheDocument();
    expect(within(section()).getByLabelText('내용')).toHaveValue('돌아오면 답장하겠습니다.');
  });
});
