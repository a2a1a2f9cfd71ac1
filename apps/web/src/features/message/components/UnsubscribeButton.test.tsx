import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message, MessageAuthentication } from '@postline/shared/messages';
import type { UnsubscribeOffer } from '@postline/shared/unsubscribe';
import { resetApiClientState } from '@/lib/api-client';
import { fail, ok, serveApi } from '@/test/fake-api';
import { fullMessage } from '@/test/mail-fixtures';
import { renderScreen } from '@/test/render';
import { MessagePage } from './MessagePage';

const signed: MessageAuthentication = {
  spf: { result: 'pass', domain: 'news.example' },
  dkim: { result: 'pass', domain: 'news.example' },
  dmarc: { result: 'pass', domain: 'news.example', policy: 'none' },
  arc: { result: 'none' },
  verified: true,
  warnings: [],
};

const newsletter = fullMessage({ id: 77, subject: '주간 소식', authentication: signed });

afterEach(() => {
  resetApiClientState();
  vi.restoreAllMocks();
});

/** The message page over a server that offers `offer` and answers the one-click POST with `post`. */
function openNewsletter(
  message: Message,
  offer: UnsubscribeOffer,
  post = ok({ unsubscribed: true, domain: 'news.example' }),
) {
  const seen = serveApi((request) => {
    if (request.url === '/mailboxes') return ok([]);
    if (request.url === `/messages/${message.id}/unsubscribe`)
      return request.method === 'POST' ? post : ok(offer);
    return request.method === 'GET' ? ok(message) : ok(null);
  });
  const screenResult = renderScreen(`/message/${message.id}`, '/message/:messageId', <MessagePage />, [
    '/mailbox/inbox',
  ]);
  return { seen, ...screenResult };
}

const oneClick: UnsubscribeOffer = { method: 'ONE_CLICK', domain: 'news.example', mailto: null, link: null };

describe('unsubscribe beside the sender (issue 37)', () => {
  it('asks first, then has the server make the one-click request, and says it is done', async () => {
    const { seen } = openNewsletter(newsletter, oneClick);
    const from = await screen.findByTestId('meta-from');
    await userEvent.click(await within(from).findByRole('button', { name: '수신 거부' }));
    const dialog = screen.getByRole('alertdialog', { name: 'news.example 메일 수신 거부' });
    expect(dialog).toHaveTextContent('브라우저는 상대 사이트에 접속하지 않습니다');
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '수신 거부' }));
    expect(await screen.findByText('news.example에 수신 거부를 요청했습니다.')).toBeInTheDocument();
    expect(within(from).getByText('수신 거부를 요청함')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST' && r.url === '/messages/77/unsubscribe')).toHaveLength(1);
  });

  it('shows the server reason when the list does not confirm, and keeps the button', async () => {
    openNewsletter(
      newsletter,
      oneClick,
      fail(502, 'SERVICE_UNAVAILABLE', 'news.example에서 수신 거부 요청을 확인하지 않았습니다.'),
    );
    const from = await screen.findByTestId('meta-from');
    await userEvent.click(await within(from).findByRole('button', { name: '수신 거부' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '수신 거부' }));
    expect(
      await screen.findByText('news.example에서 수신 거부 요청을 확인하지 않았습니다.'),
    ).toBeInTheDocument();
    expect(within(from).getByRole('button', { name: '수신 거부' })).toBeInTheDocument();
  });

  it("opens compose with the list's mailto: address when that is what it offers", async () => {
    const { router } = openNewsletter(newsletter, {
      method: 'MAILTO',
      domain: 'news.example',
      mailto: 'mailto:leave@news.example?subject=unsubscribe',
      link: null,
    });
    const from = await screen.findByTestId('meta-from');
    await userEvent.click(await within(from).findByRole('button', { name: '수신 거부' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '수신 거부' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compose'));
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('leave@news.example');
    expect(new URLSearchParams(router.state.location.search).get('subject')).toBe('unsubscribe');
  });

  it('asks nothing of mail whose signature did not pass, and shows no button', async () => {
    const { seen } = openNewsletter(fullMessage({ id: 78, authentication: null }), oneClick);
    const from = await screen.findByTestId('meta-from');
    expect(within(from).queryByRole('button')).toBeNull();
    expect(seen.some((r) => r.url?.endsWith('/unsubscribe'))).toBe(false);
  });
});
