// Over 300 lines on purpose: compose's fields, checks, sending and its leave confirmation share one
// fake server and form set-up; autosave and the ways in have files of their own.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import type { Message } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { ok, serveApi, type Reply, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { useComposeForm } from '../hooks/use-compose-form';
import { autosaveTiming } from '../hooks/use-draft-autosave';
import { ComposePage } from './ComposePage';

let seen: SeenRequest[];

/** The fields of a stored message that compose reads; the rest of the shape does not matter here. */
function storedMessage(fields: Partial<Message>): Message {
  return {
    toAddresses: [],
    ccAddresses: [],
    bccAddresses: [],
    attachmentIds: [],
    bodyText: '',
    ...fields,
  } as Message;
}
let nextId = 100;
const account = { id: 7, name: '김민지', email: 'minji@postline.local' };
const NEW_CONTEXT = { kind: 'NEW', originalMessageId: null, signatureId: null, signatureText: null };

beforeEach(() => {
  nextId = 100;
  // Saving by itself is tested on its own below; elsewhere it would race the typing.
  autosaveTiming.idleMs = 3_600_000;
  localStorage.clear();
  useComposeForm.getState().reset();
  seen = serveApi((request) => {
    const method = request.method;
    const url = request.url ?? '';
    if (url === '/signatures' || url === '/templates')
      return ok({
        content: [],
        number: 0,
        size: 100,
        totalElements: 0,
        totalPages: 0,
        first: true,
        last: true,
      });
    if (method === 'GET' && url === '/messages/drafts/55') {
      return ok({
        message: storedMessage({
          id: 55,
          isDraft: true,
          mailboxType: 'DRAFTS',
          subject: '쓰다 만 메일',
          bodyText: '초안 내용',
          toAddresses: ['jun@postline.local'],
          ccAddresses: ['park@postline.local'],
        }),
        context: NEW_CONTEXT,
        recipients: { to: ['이준 <jun@postline.local>'], cc: ['park@postline.local'], bcc: [] },
      });
    }
    if (method === 'POST' || method === 'PUT')
      return ok(storedMessage({ id: url.endsWith('/55') ? 55 : nextId++, isDraft: true }));
    return ok(null);
  });
});

afterEach(() => resetApiClientState());

const writes = () => seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

/** Compose as the app shows it, opened from the inbox, with a link back there beside the form. */
function openCompose(path = '/compose') {
  const page = (
    <>
      <Link to="/mailbox/inbox">받은편지함으로</Link>
      <ComposePage account={account} />
    </>
  );
  return renderScreen(path, '/compose', page, ['/mailbox/inbox']).router;
}

async function fillRecipient(label: string, address: string) {
  await userEvent.type(screen.getByLabelText(label), `${address}{Enter}`);
}

/** A default signature the signatures page has just made, so it is in the cache already. */
function cacheDefaultSignature() {
  const signature = {
    id: 9,
    name: '업무 서명',
    content: '<p>김민지 드림</p>',
    isDefault: true,
    isActive: true,
    signatureType: 'BUSINESS' as const,
    signatureTypeDescription: '업무',
    includeImage: false,
    imageUrl: null,
    createdAt: '2025-03-02T09:00:00.000Z',
    updatedAt: '2025-03-02T09:00:00.000Z',
  };
  queryClient.setQueryData(queryKeys.signatures.list, [signature]);
  queryClient.setQueryData(queryKeys.signatures.default, signature);
  return signature;
}

describe('ComposePage', () => {
  it('starts a new mail with the default signature the signatures page just made, from the cache', async () => {
    cacheDefaultSignature();
    openCompose();
    await waitFor(() => expect(useComposeForm.getState().body).toBe('\n\n김민지 드림'));
    expect(screen.getByLabelText('서명')).toHaveDisplayValue('업무 서명 (기본)');
  });

  it('gives the next new mail the default signature too when a mail link opens it on this page', async () => {
    const signature = cacheDefaultSignature();
    // The server has it too: the cache's copy is read again while the page is open.
    serveApi((request) =>
      ok(
        request.url === '/signatures'
          ? {
              content: [signature],
              number: 0,
              size: 100,
              totalElements: 1,
              totalPages: 1,
              first: true,
              last: true,
            }
          : null,
      ),
    );
    const router = openCompose();
    await waitFor(() => expect(screen.getByLabelText('내용')).toHaveValue('\n\n김민지 드림'));

    await act(() => router.navigate('/compose?to=jun@postline.local&subject=회의 일정'));
    await waitFor(() => expect(screen.getByLabelText('제목')).toHaveValue('회의 일정'));
    await waitFor(() => expect(screen.getByLabelText('내용')).toHaveValue('\n\n김민지 드림'));
    expect(screen.getByLabelText('서명')).toHaveDisplayValue('업무 서명 (기본)');
  });

  it('leaves marked places for the template and signature pickers and the uploader in its layout', async () => {
    openCompose();
    expect(await screen.findByRole('heading', { level: 1, name: '메일 쓰기' })).toBeInTheDocument();
    expect(screen.getByTestId('compose-pickers')).toBeInTheDocument();
  });

  it.each([
    [[], '받는 사람을 한 명 이상 입력해 주세요.'],
    [['to'], '제목을 입력해 주세요.'],
    [['to', 'subject'], '내용을 입력해 주세요.'],
  ])('refuses to send with %o filled in, with a toast', async (filled, toastText) => {
    openCompose();
    await screen.findByLabelText('받는 사람');
    if (filled.includes('to')) await fillRecipient('받는 사람', 'jun@postline.local');
    if (filled.includes('subject')) await userEvent.type(screen.getByLabelText('제목'), '안녕');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    expect(await screen.findByText(toastText)).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('toasts invalidEmail for a malformed recipient and keeps it out', async () => {
    openCompose();
    await fillRecipient('받는 사람', 'jun@postline');
    expect(await screen.findAllByText('올바른 이메일 주소가 아닙니다.')).not.toHaveLength(0);
  });

  it('sends and goes to the sent folder with the sent toast', async () => {
    openCompose();
    await fillRecipient('받는 사람', 'jun@postline.local');
    await userEvent.type(screen.getByLabelText('제목'), '회의 일정');
    await userEvent.type(screen.getByLabelText('내용'), '내일 세 시입니다.');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/sent'));
    expect(await screen.findByText('메일을 보냈습니다.')).toBeInTheDocument();
    const sent = seen.find((r) => r.method === 'POST' && r.url === '/messages');
    expect(sent?.body).toMatchObject({
      toAddresses: ['jun@postline.local'],
      subject: '회의 일정',
      bodyText: '내일 세 시입니다.',
    });
  });

  it('sends to an address typed last without Enter', async () => {
    openCompose();
    await userEvent.type(await screen.findByLabelText('제목'), '회의 일정');
    await userEvent.type(screen.getByLabelText('내용'), '내일 세 시입니다.');
    await userEvent.type(screen.getByLabelText('받는 사람'), 'jun@postline.local');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/sent'));
    expect(seen.find((r) => r.method === 'POST' && r.url === '/messages')?.body).toMatchObject({
      toAddresses: ['jun@postline.local'],
    });
  });

  it('needs a subject to save a draft, then saves and later updates the same draft', async () => {
    openCompose();
    await userEvent.type(await screen.findByLabelText('내용'), '메모');
    await userEvent.click(screen.getByRole('button', { name: '임시 저장' }));
    expect(await screen.findByText('임시 저장하려면 제목을 입력해야 합니다.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.type(screen.getByLabelText('제목'), '초안');
    await userEvent.click(screen.getByRole('button', { name: '임시 저장' }));
    expect(await screen.findByText('임시 저장했습니다.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/compose?draftId=100'));

    await userEvent.type(screen.getByLabelText('내용'), ' 추가');
    await userEvent.click(screen.getByRole('button', { name: '임시 저장' }));
    await waitFor(() => expect(writes()).toEqual(['POST /messages/drafts', 'PUT /messages/drafts/100']));
  });

  it('continues a draft from ?draftId= with the names its recipients were given, and sends it as that draft', async () => {
    openCompose('/compose?draftId=55');
    expect(await screen.findByDisplayValue('쓰다 만 메일')).toBeInTheDocument();
    expect(screen.getByLabelText('내용')).toHaveValue('초안 내용');
    expect(screen.getByRole('button', { name: '이준 <jun@postline.local> 삭제' })).toBeInTheDocument();
    expect(screen.getByText('park@postline.local')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/sent'));
    expect(seen.find((r) => r.method === 'POST' && r.url === '/messages')?.body).toMatchObject({
      draftId: 55,
      toAddresses: ['이준 <jun@postline.local>'],
    });
  });

  it('prefills the recipient from ?to=', async () => {
    openCompose('/compose?to=jun@postline.local');
    const to = await screen.findByLabelText('받는 사람');
    expect(within(to.closest('div')!.parentElement!).getByText('jun@postline.local')).toBeInTheDocument();
  });

  it('keeps what was written when the language is switched', async () => {
    openCompose();
    await fillRecipient('받는 사람', 'jun@postline.local');
    await userEvent.type(screen.getByLabelText('제목'), '회의 일정');
    await userEvent.type(screen.getByLabelText('내용'), '내일 세 시입니다.');

    await act(() => i18next.changeLanguage('en'));

    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('회의 일정');
    expect(screen.getByLabelText('Message')).toHaveValue('내일 세 시입니다.');
    expect(screen.getByText('jun@postline.local')).toBeInTheDocument();
    expect(useComposeForm.getState().to).toEqual(['jun@postline.local']);
  });

  it('holds Send and Save draft back until every file has uploaded', async () => {
    let finishUpload: (reply: Reply) => void = () => undefined;
    seen = serveApi((request) => {
      if (request.url === '/attachments/upload') {
        return new Promise<Reply>((resolve) => (finishUpload = resolve));
      }
      return ok({ content: [], number: 0, size: 100, totalElements: 0, totalPages: 0 });
    });
    openCompose();
    await fillRecipient('받는 사람', 'jun@postline.local');
    await userEvent.type(screen.getByLabelText('제목'), '견적');
    await userEvent.type(screen.getByLabelText('내용'), '첨부합니다.');
    await userEvent.upload(
      screen.getByLabelText('첨부할 파일'),
      new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }),
    );

    await waitFor(() => expect(screen.getByRole('button', { name: '보내기' })).toBeDisabled());
    expect(screen.getByRole('button', { name: '임시 저장' })).toBeDisabled();
    // Enter in the subject field submits the form the way the button would.
    await userEvent.type(screen.getByLabelText('제목'), '{Enter}');
    expect(writes()).toEqual(['POST /attachments/upload']);

    finishUpload(ok({ id: 9, originalFilename: 'plan.pdf', sizeBytes: 4 }));
    await waitFor(() => expect(screen.getByRole('button', { name: '보내기' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '임시 저장' })).toBeEnabled();
    expect(useComposeForm.getState().attachmentIds).toEqual([9]);
  });

  it('asks before cancelling and then goes back one page', async () => {
    openCompose();
    await userEvent.type(await screen.findByLabelText('제목'), '쓰는 중');
    await userEvent.click(screen.getByRole('button', { name: '취소' }));
    const dialog = screen.getByRole('alertdialog', { name: '작성을 취소하시겠습니까?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '작성 취소' }));
    // The cancel was confirmed already: no second question on the way out.
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('leave confirmation on unsaved changes', () => {
  const leaveDialog = () => screen.findByRole('alertdialog', { name: '저장하지 않은 변경 사항이 있습니다' });

  it('asks before a link takes the user away: staying keeps the text, leaving goes', async () => {
    openCompose();
    await userEvent.type(await screen.findByLabelText('제목'), '쓰는 중');
    await userEvent.click(screen.getByRole('link', { name: '받은편지함으로' }));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: '계속 쓰기' }));
    expect(currentLocation()).toBe('/compose');
    expect(screen.getByLabelText('제목')).toHaveValue('쓰는 중');

    await userEvent.click(screen.getByRole('link', { name: '받은편지함으로' }));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: '버리기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
  });

  it("asks when the browser's Back button is pressed", async () => {
    const router = openCompose();
    await userEvent.type(await screen.findByLabelText('내용'), '쓰는 중');
    await act(async () => void router.navigate(-1));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: '계속 쓰기' }));
    expect(currentLocation()).toBe('/compose');
    expect(screen.getByLabelText('내용')).toHaveValue('쓰는 중');

    await act(async () => void router.navigate(-1));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: '버리기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
    // Forward again: a new visit starts from a blank form, so nothing asks.
    await act(async () => void router.navigate(1));
    await waitFor(() => expect(currentLocation()).toBe('/compose'));
    expect(await screen.findByLabelText('내용')).toHaveValue('');
  });

  it("asks before the app's own navigate() call", async () => {
    const router = openCompose();
    await userEvent.type(await screen.findByLabelText('제목'), '쓰는 중');
    await act(async () => void router.navigate('/filters'));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: '버리기' }));
    await waitFor(() => expect(currentLocation()).toBe('/filters'));
  });

  it('lets the user go without asking when nothing changed', async () => {
    openCompose();
    await screen.findByLabelText('제목');
    await userEvent.click(screen.getByRole('link', { name: '받은편지함으로' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
  });

  it('asks before the tab is closed or reloaded, only while there are changes', async () => {
    openCompose();
    const closeTab = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    await screen.findByLabelText('제목');
    expect(closeTab()).toBe(false);
    await userEvent.type(screen.getByLabelText('제목'), '쓰는 중');
    expect(closeTab()).toBe(true);
  });
});
