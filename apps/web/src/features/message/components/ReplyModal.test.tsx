import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { resetApiClientState } from '@/lib/api-client';
import { fail, ok, serveApi } from '@/test/fake-api';
import { fullMessage } from '../test-fixtures';
import { ReplyModal } from './ReplyModal';

afterEach(() => resetApiClientState());

function renderReply(subject: string, all = false) {
  const onSent = vi.fn();
  render(
    <>
      <ReplyModal
        open
        all={all}
        message={fullMessage({ id: 7, subject })}
        onClose={() => {}}
        onSent={onSent}
      />
      <ToastViewport />
    </>,
  );
  return { onSent };
}

describe('ReplyModal', () => {
  it.each([
    ['회의 일정', 'Re: 회의 일정'],
    ['Re: 회의 일정', 'Re: 회의 일정'],
    ['RE:회의', 'RE:회의'],
    ['Fwd: 자료', 'Re: Fwd: 자료'],
  ])('prefills the subject of %s as %s', (subject, prefilled) => {
    renderReply(subject);
    expect(screen.getByLabelText('제목')).toHaveValue(prefilled);
  });

  it('requires the subject and the body before sending', async () => {
    const seen = serveApi(() => ok(fullMessage()));
    renderReply('회의 일정');
    await userEvent.clear(screen.getByLabelText('제목'));
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    expect(screen.getByText('제목을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('내용을 입력해 주세요.')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('sends a reply all to /messages/reply-all and reports success', async () => {
    const seen = serveApi(() => ok(fullMessage({ id: 8 })));
    const { onSent } = renderReply('회의 일정', true);
    expect(screen.getByRole('dialog', { name: '전체 답장' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('내용'), '참석하겠습니다.');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/messages/reply-all',
      body: { originalMessageId: 7, subject: 'Re: 회의 일정', bodyText: '참석하겠습니다.' },
    });
  });

  it('stays open with the reply error when sending fails', async () => {
    serveApi(() => fail(500, 'MAIL_SEND_FAILED', '메일 전송에 실패했습니다.'));
    const { onSent } = renderReply('회의 일정');
    await userEvent.type(screen.getByLabelText('내용'), '네');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    expect(
      await screen.findByText('답장을 보내지 못했습니다. 메일 전송에 실패했습니다.'),
    ).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
