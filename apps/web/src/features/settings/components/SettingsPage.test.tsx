import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AwayReply } from '@postline/shared/away-reply';
import type { UserSettings } from '@postline/shared/settings';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { SettingsPage } from './SettingsPage';

const awayOff: AwayReply = {
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

/** A settings server: GET answers what PATCH saved; `refuse` makes the next PATCH fail. */
function serveSettings(initial: UserSettings, options: { refuse?: boolean } = {}) {
  let settings = { ...initial };
  const seen = serveApi((request) => {
    if (request.method === 'GET' && request.url === '/settings') return ok(settings);
    if (request.method === 'GET' && request.url === '/away-reply') return ok(awayOff);
    if (request.method === 'PATCH' && request.url === '/settings') {
      if (options.refuse)
        return fail(400, 'VALIDATION_ERROR', '보내기 취소 시간은 5, 10, 20, 30초 중 하나여야 합니다.');
      const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
      settings = { ...settings, ...body };
      return ok(settings);
    }
    return fail(500, 'SERVER_ERROR', 'unexpected');
  });
  return { seen, current: () => settings };
}

const renderPage = () => renderScreen('/settings', '/settings', <SettingsPage />);

beforeEach(() => signInAs());
afterEach(() => resetApiClientState());

describe('SettingsPage', () => {
  it('shows the saved undo delay and conversation view, and saves a change at once', async () => {
    const server = serveSettings({ undoSendSeconds: 10, conversationView: true, keyboardShortcuts: true });
    renderPage();
    expect(await screen.findByRole('radio', { name: '10초' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '대화형 보기' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: '30초' }));
    await waitFor(() => expect(server.current().undoSendSeconds).toBe(30));
    expect(screen.getByRole('radio', { name: '30초' })).toBeChecked();
    expect(server.seen.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { undoSendSeconds: 30 },
    ]);

    await userEvent.click(screen.getByRole('switch', { name: '대화형 보기' }));
    await waitFor(() => expect(server.current().conversationView).toBe(false));
    expect(screen.getByRole('switch', { name: '대화형 보기' })).not.toBeChecked();
    expect(await screen.findByText('설정을 저장했습니다.')).toBeInTheDocument();
  });

  it('puts the old value back and says why when the server refuses', async () => {
    serveSettings({ undoSendSeconds: 5, conversationView: true, keyboardShortcuts: true }, { refuse: true });
    renderPage();
    expect(await screen.findByRole('radio', { name: '5초' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '20초' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('5, 10, 20, 30초');
    expect(screen.getByRole('radio', { name: '5초' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '20초' })).not.toBeChecked();
  });
});
