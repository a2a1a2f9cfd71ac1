import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftSummary } from '@postline/shared/drafts';
import type { Message } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { fullMessage } from '@/test/mail-fixtures';
import { currentLocation, renderScreen } from '@/test/render';
import { useComposeForm } from '../hooks/use-compose-form';
import { saveDraftNow, whenSavesEnded } from '../hooks/draft-saving';
import { autosaveTiming } from '../hooks/use-draft-autosave';
import { AnswerDialog, type AnswerDialogProps } from './AnswerDialog';

/* Issue 34: reply and forward are full composers that never lose what was typed. */

const account = { id: 1, name: '김민지', email: 'kim@postline.local' };
const original = fullMessage({
  id: 7,
  subject: '회의 일정',
  toAddresses: ['kim@postline.local', 'park@postline.local'],
  ccAddresses: ['lee@postline.local'],
  sentAt: '2025-03-10T09:30:00.000Z',
});
const emptyPage = {
  content: [],
  number: 0,
  size: 100,
  totalElements: 0,
  totalPages: 0,
  first: true,
  last: true,
};
let seen: SeenRequest[];
let serverDrafts: DraftSummary[];
let savedDraft: { message: Message; context: unknown; recipients: unknown } | null;

beforeEach(() => {
  signInAs();
  autosaveTiming.idleMs = 3_600_000;
  serverDrafts = [];
  savedDraft = null;
  useComposeForm.getState().reset();
  // A server that keeps the one draft it is given, as the real one does.
  seen = serveApi((request) => {
    if (request.method === 'GET' && request.url === '/messages/7/drafts') return ok(serverDrafts);
    if (request.method === 'GET' && request.url === '/messages/drafts/300') return ok(savedDraft);
    if (request.method === 'GET') return ok(request.url === '/signatures' ? emptyPage : null);
    if (request.url.startsWith('/messages/drafts')) {
      const body = JSON.parse(String(request.data)) as {
        subject: string;
        bodyText: string;
        toAddresses: string[];
        context: { kind: 'REPLY' };
      };
      serverDrafts = [
        { id: 300, kind: body.context.kind, subject: body.subject, updatedAt: '2025-03-10T10:00:00Z' },
      ];
      savedDraft = {
        message: fullMessage({
          id: 300,
          isDraft: true,
          subject: body.subject,
          toAddresses: body.toAddresses,
          bodyText: body.bodyText,
        }),
        context: { signatureId: null, signatureText: null, ...body.context },
        recipients: { to: body.toAddresses, cc: [], bcc: [] },
      };
      return ok({ id: 300, isDraft: true } as Message);
    }
    return ok({ id: 400 } as Message);
  });
});
// A save the last case's closing dialog started must not reach the next case's server.
afterEach(async () => {
  await whenSavesEnded();
  resetApiClientState();
});

const writes = () => seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

function openAnswer(kind: AnswerDialogProps['kind']) {
  const onClose = vi.fn();
  const view = renderScreen(
    '/message/7',
    '/message/:messageId',
    <AnswerDialog kind={kind} message={original} account={account} onClose={onClose} />,
  );
  return { ...view, onClose };
}

const bodyField = () => screen.findByLabelText('내용');
/** Types where the cursor waits in an answer: above the quote. */
const typeAtTop = async (text: string) =>
  userEvent.type(await bodyField(), text, { initialSelectionStart: 0, initialSelectionEnd: 0 });

describe('a reply', () => {
  it('starts with Re:, the sender as a chip and the original quoted below the cursor', async () => {
    openAnswer('REPLY');
    const body = (await bodyField()) as HTMLTextAreaElement;
    const dialog = screen.getByRole('dialog', { name: '답장' });
    expect(within(dialog).getByLabelText('제목')).toHaveValue('Re: 회의 일정');
    expect(within(dialog).getByRole('button', { name: 'jun@postline.local 삭제' })).toBeInTheDocument();
    expect(body.value).toMatch(/^\n\n2025년 3월 10일 .* 님이 작성:\n> 첫 줄\n> 둘째 줄\n$/);
    await waitFor(() => expect(body).toHaveFocus());
    expect(body.selectionStart).toBe(0);
    // A full composer: files and the signature picker are there too.
    expect(within(dialog).getByLabelText('첨부할 파일')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('서명')).toBeInTheDocument();
  });

  it('asks on Escape after typing; keeping on writing keeps the text, and it survives a reload', async () => {
    const first = openAnswer('REPLY');
    await typeAtTop('네, 참석하겠습니다.');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: '저장하지 않은 변경 사항이 있습니다' });
    await userEvent.click(within(ask).getByRole('button', { name: '계속 쓰기' }));
    expect(first.onClose).not.toHaveBeenCalled();
    expect(((await bodyField()) as HTMLTextAreaElement).value).toMatch(/^네, 참석하겠습니다\.\n\n2025년/);

    // The page goes away (a reload): the reply comes back from this browser.
    first.unmount();
    useComposeForm.getState().reset();
    openAnswer('REPLY');
    await waitFor(async () =>
      expect(((await bodyField()) as HTMLTextAreaElement).value).toMatch(/^네, 참석하겠습니다\./),
    );
  });

  it('saves itself as a reply draft, and the next Reply continues that draft and sends it', async () => {
    const first = openAnswer('REPLY');
    await typeAtTop('확인했습니다');
    autosaveTiming.idleMs = 20;
    await userEvent.type(await bodyField(), '.', {
      initialSelectionStart: '확인했습니다'.length,
      initialSelectionEnd: '확인했습니다'.length,
    });
    await waitFor(() => expect(writes()).toEqual(['POST /messages/drafts']));
    const saved = seen.at(-1)!.body as { bodyText: string; context: unknown };
    expect(saved.context).toMatchObject({ kind: 'REPLY', originalMessageId: 7 });
    expect(await screen.findByText(/^임시 저장됨/)).toBeInTheDocument();
    // Nothing unsaved: closing asks nothing and the draft stays.
    const dialog = screen.getByRole('dialog', { name: '답장' });
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(first.onClose).toHaveBeenCalled();
    first.unmount();

    const second = openAnswer('REPLY');
    await waitFor(async () => expect(await bodyField()).toHaveValue(saved.bodyText));
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(seen.find((r) => r.url === '/messages/reply')?.body).toMatchObject({
      originalMessageId: 7,
      draftId: 300,
      toAddresses: ['jun@postline.local'],
    });
    expect(writes().filter((w) => w === 'POST /messages/drafts')).toHaveLength(1);
    expect(await screen.findByText('답장을 보냈습니다.')).toBeInTheDocument();
    // The user stays where they were.
    expect(currentLocation()).toBe('/message/7');
  });

  it('saves no draft while it is being sent, however long the server takes', async () => {
    // A send slower than the autosave's pause (a loaded server): a save asked for meanwhile (the
    // idle timer, the tab hidden) would make the draft again after the send took it away.
    let answerReply: () => void = () => undefined;
    seen = serveApi((request) => {
      if (request.url === '/messages/reply')
        return new Promise((resolve) => (answerReply = () => resolve(ok({ id: 400 } as Message))));
      return request.method === 'GET' ? ok(request.url === '/signatures' ? emptyPage : null) : ok(null);
    });
    const view = openAnswer('REPLY');
    await typeAtTop('보냅니다');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(writes()).toEqual(['POST /messages/reply']));
    expect(await saveDraftNow()).toEqual({ kind: 'empty' });
    answerReply();
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    await whenSavesEnded();
    expect(writes()).toEqual(['POST /messages/reply']);
  });

  it('reply all shows everyone but me, and "open in full compose" carries it over', async () => {
    openAnswer('REPLY_ALL');
    await bodyField();
    const dialog = screen.getByRole('dialog', { name: '전체 답장' });
    expect(within(dialog).getByRole('button', { name: 'park@postline.local 삭제' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'lee@postline.local 삭제' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'kim@postline.local 삭제' })).toBeNull();
    await typeAtTop('모두 확인 부탁드립니다.');
    await userEvent.click(within(dialog).getByRole('button', { name: '전체 화면으로 쓰기' }));
    await waitFor(() => expect(currentLocation()).toBe('/compose?draftId=300'));
    expect(useComposeForm.getState()).toMatchObject({
      draftId: 300,
      context: { kind: 'REPLY_ALL', originalMessageId: 7 },
      body: expect.stringMatching(/^모두 확인 부탁드립니다\./),
    });
  });
});

describe('a forward', () => {
  it('goes without a note: the original is the message', async () => {
    const { onClose } = openAnswer('FORWARD');
    await bodyField();
    const dialog = screen.getByRole('dialog', { name: '전달' });
    await userEvent.type(within(dialog).getByLabelText('받는 사람'), 'lee@postline.local{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: '전달하기' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((r) => r.url === '/messages/forward')?.body).toMatchObject({ bodyText: '' });
  });

  it('sends to the chips entered, with the original, and stays on the message', async () => {
    const { onClose } = openAnswer('FORWARD');
    await bodyField();
    const dialog = screen.getByRole('dialog', { name: '전달' });
    expect(within(dialog).getByLabelText('제목')).toHaveValue('Fwd: 회의 일정');
    await userEvent.click(within(dialog).getByRole('button', { name: '전달하기' }));
    expect(await screen.findByText('받는 사람을 한 명 이상 입력해 주세요.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('받는 사람'), 'lee@postline.local,');
    await userEvent.type(within(dialog).getByLabelText('내용'), '참고하세요.');
    await userEvent.click(within(dialog).getByRole('button', { name: '전달하기' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((r) => r.url === '/messages/forward')?.body).toMatchObject({
      originalMessageId: 7,
      toAddresses: ['lee@postline.local'],
      subject: 'Fwd: 회의 일정',
      bodyText: '참고하세요.',
    });
    expect(currentLocation()).toBe('/message/7');
  });
});
