import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi } from '@/test/fake-api';
import { fullMessage } from '@/test/mail-fixtures';
import { renderScreen } from '@/test/render';
import { OriginalPage } from './OriginalPage';

const SOURCE = 'Message-ID: <a1@postline.local>\r\nSubject: =?UTF-8?B?7ZqM7J2Y?=\r\n\r\n회의 자료입니다.\r\n';

const renderOriginal = (id: string) =>
  renderScreen(`/message/${id}/original`, '/message/:messageId/original', <OriginalPage />);

beforeEach(() => signInAs());
afterEach(() => resetApiClientState());

describe('OriginalPage', () => {
  it('shows who and when above the source as it arrived', async () => {
    const seen = serveApi((request) => {
      if (request.url === '/messages/7') return ok(fullMessage({ id: 7, subject: '회의' }));
      if (request.url === '/messages/7/original') return { status: 200, data: new Blob([SOURCE]) };
      return fail(500, 'SERVER_ERROR', 'unexpected');
    });
    renderOriginal('7');
    expect(await screen.findByText(/회의 자료입니다\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '원본 메일' })).toBeInTheDocument();
    expect(seen.map((request) => request.url).sort()).toEqual(['/messages/7', '/messages/7/original']);
  });

  it("says the message is not found when the server refuses it (another user's mail)", async () => {
    serveApi(() => fail(404, 'MESSAGE_NOT_FOUND', '메일을 찾을 수 없습니다.'));
    renderOriginal('8');
    expect(await screen.findByRole('alert')).toHaveTextContent('메일을 찾을 수 없습니다.');
  });

  it('does not ask the server for an address that names no message', async () => {
    const seen = serveApi(() => fail(500, 'SERVER_ERROR', 'unexpected'));
    renderOriginal('abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('메일을 찾을 수 없습니다.');
    expect(seen).toEqual([]);
  });
});
