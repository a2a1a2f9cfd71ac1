import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { fullMessage } from '@/test/mail-fixtures';
import { MessagePage, type AnswerComposerProps } from './MessagePage';

afterEach(() => resetApiClientState());

function openMessage(message: Message): SeenRequest[] {
  const seen = serveApi((request) =>
    // The toolbar's folder actions read the folder tree.
    request.url === '/mailboxes' ? ok([]) : request.method === 'GET' ? ok(message) : ok(null),
  );
  renderScreen(`/message/${message.id}`, '/message/:messageId', <MessagePage />);
  return seen;
}

describe('MessagePage', () => {
  it('shows subject, from, to, date and the body with its line breaks; no cc row when there is none', async () => {
    openMessage(fullMessage());
    expect(await screen.findByRole('heading', { level: 1, name: '회의 일정' })).toBeInTheDocument();
    expect(screen.getByTestId('meta-from')).toHaveTextContent('이준 <jun@postline.local>');
    expect(screen.getByTestId('meta-to')).toHaveTextContent('kim@postline.local');
    expect(screen.getByTestId('meta-date')).toHaveTextContent('2025');
    expect(screen.queryByTestId('meta-cc')).not.toBeInTheDocument();
    const body = screen.getByTestId('message-body');
    expect(body.textContent).toBe('첫 줄\n둘째 줄');
    expect(body).toHaveClass('whitespace-pre-wrap');
  });

  it('shows cc when there is some, and the number of attachments', async () => {
    openMessage(
      fullMessage({ cc: ['park@postline.local'], ccAddresses: ['park@postline.local'], attachmentCount: 2 }),
    );
    expect(await screen.findByTestId('meta-cc')).toHaveTextContent('park@postline.local');
    expect(screen.getByText('첨부 파일 2개')).toBeInTheDocument();
  });

  it('counts attachments in English with the right plural', async () => {
    await i18next.changeLanguage('en');
    openMessage(fullMessage({ attachmentCount: 1 }));
    expect(await screen.findByText('1 attachment')).toBeInTheDocument();
  });

  it('marks an unread message read when it opens', async () => {
    const seen = openMessage(fullMessage({ isRead: false }));
    await screen.findByRole('heading', { level: 1, name: '회의 일정' });
    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'PATCH' && r.url === '/messages/7/read')).toHaveLength(1),
    );
    expect(seen.find((r) => r.method === 'PATCH')?.params).toEqual({ isRead: true });
  });

  it('shows an HTML-only body in a sandboxed frame', async () => {
    openMessage(fullMessage({ bodyText: '', body: '', bodyHtml: '<p>서식 있는 <b>메일</b></p>' }));
    const frame = await screen.findByTitle('메일 본문');
    // Links may open new tabs outside the sandbox; scripts and the app's origin never.
    expect(frame.getAttribute('sandbox')).toContain('allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(frame.getAttribute('srcdoc')).toContain('<p>서식 있는 <b>메일</b></p>');
  });

  it('stars, and marks unread then returns to the folder', async () => {
    const seen = openMessage(fullMessage({ mailboxType: 'CUSTOM', mailboxId: 12 }));
    await userEvent.click(await screen.findByRole('button', { name: '별표 표시' }));
    expect(await screen.findByRole('button', { name: '별표 해제' })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/messages/7/star')?.params).toEqual({ isStarred: true });
    await userEvent.click(screen.getByRole('button', { name: '읽지 않음으로 표시' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/folder-12'));
    expect(seen.find((r) => r.url === '/messages/7/read')?.params).toEqual({ isRead: false });
  });

  it('deletes only after confirming, then goes back to the folder', async () => {
    const seen = openMessage(fullMessage());
    await userEvent.click(await screen.findByRole('button', { name: '삭제' }));
    const dialog = screen.getByRole('alertdialog', { name: '메일을 삭제하시겠습니까?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/messages/7']);
  });

  it('reports spam and goes back to the folder; in Spam, "Not spam" brings it back and stays', async () => {
    const seen = openMessage(fullMessage());
    await userEvent.click(await screen.findByRole('button', { name: '스팸 신고' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
    expect(seen.find((r) => r.url === '/messages/7/spam')).toMatchObject({
      method: 'PATCH',
      params: { isSpam: true },
    });
  });

  it('offers "Not spam" for mail in Spam and no spam button for sent mail', async () => {
    const seen = openMessage(fullMessage({ mailboxType: 'SPAM' }));
    await userEvent.click(await screen.findByRole('button', { name: '스팸 아님' }));
    await waitFor(() =>
      expect(seen.find((r) => r.url === '/messages/7/spam')?.params).toEqual({ isSpam: false }),
    );
  });

  it('has no spam button on mail the user sent', async () => {
    openMessage(fullMessage({ mailboxType: 'SENT' }));
    expect(await screen.findByRole('heading', { level: 1, name: '회의 일정' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '스팸 신고' })).not.toBeInTheDocument();
  });

  it('opens the answer named in the address, so a reload opens it again, and closes it back', async () => {
    serveApi((request) => (request.url === '/mailboxes' ? ok([]) : ok(fullMessage())));
    const Composer = ({ kind, message, onClose }: AnswerComposerProps) => (
      <div role="dialog" aria-label={`${kind} ${message.id}`}>
        <button type="button" onClick={onClose}>
          닫기
        </button>
      </div>
    );
    renderScreen('/message/7', '/message/:messageId', <MessagePage AnswerComposer={Composer} />);
    await userEvent.click(await screen.findByRole('button', { name: '전체 답장' }));
    expect(screen.getByRole('dialog', { name: 'REPLY_ALL 7' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/message/7?answer=replyAll');
    await userEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(currentLocation()).toBe('/message/7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the message does not exist', async () => {
    serveApi(() => ({ status: 404, data: { success: false, code: 'MAIL_NOT_FOUND', message: '없음' } }));
    renderScreen('/message/99', '/message/:messageId', <MessagePage />);
    expect(await screen.findByText('메일을 찾을 수 없습니다.')).toBeInTheDocument();
  });
});
