import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { resetApiClientState } from '@/lib/api-client';
import { fail, ok, serveApi } from '@/test/fake-api';
import { fullMessage } from '@/test/mail-fixtures';
import { ReplyModal } from './ReplyModal';

afterEach(() => resetApiClientState());

function renderReply(subject: string, all = false) {
  const onSent = vi.fn();
  render(
    <>
      <ReplyModal
        open
        all={all}
        myAddress="kim@postline.local"
        message={fullMessage({
          id: 7,
          subject,
          toAddresses: ['kim@postline.local', 'park@postline.local'],
          ccAddresses: ['lee@postline.local'],
          sentAt: '2025-03-10T09:30:00.000Z',
        })}
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

  it('quotes the original below the cursor, which waits above it', () => {
    renderReply('회의 일정');
    const body = screen.getByLabelText('내용') as HTMLTextAreaElement;
    expect(body.value).toMatch(
      /^\n\n2025년 3월 10일 \(월\) (오전|오후) \d{1,2}:30, 이준 <jun@postline.local> 님이 작성:\n> 첫 줄\n> 둘째 줄\n$/,
    );
    expect(body).toHaveFocus();
    expect(body.selectionStart).toBe(0);
  });

  it('shows who gets it as chips: the sender for a reply', () => {
    renderReply('회의 일정');
    expect(screen.getByRole('button', { name: 'jun@postline.local 삭제' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'park@postline.local 삭제' })).not.toBeInTheDocument();
  });

  it('requires a recipient, the subject and the body before sending', async () => {
    const seen = serveApi(() => ok(fullMessage()));
    renderReply('회의 일정');
    await userEvent.click(screen.getByRole('button', { name: 'jun@postline.local 삭제' }));
    await userEvent.clear(screen.getByLabelText('제목'));
    await userEvent.clear(screen.getByLabelText('내용'));
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    expect(screen.getByText('제목을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('내용을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([]);
  });

  it('sends a reply all to everyone but me, as the chips show them', async () => {
    const seen = serveApi(() => ok(fullMessage({ id: 8 })));
    const { onSent } = renderReply('회의 일정', true);
    expect(screen.getByRole('dialog', { name: '전체 답장' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'lee@postline.local 삭제' })).toBeInTheDocument();
    // The dialog opens with the cursor in the body, above the quote: typing goes there.
    await userEvent.keyboard('참석하겠습니다.');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/messages/reply-all',
      body: {
        originalMessageId: 7,
        subject: 'Re: 회의 일정',
        toAddresses: ['jun@postline.local', 'park@postline.local'],
        ccAddresses: ['lee@postline.local'],
      },
    });
    expect((seen[0]?.body as { bodyText: string }).bodyText).toMatch(
      /^참석하겠습니다\.\n\n.*님이 작성:\n> 첫 줄/,
    );
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
