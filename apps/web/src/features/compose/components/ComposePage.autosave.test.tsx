import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@postline/shared/messages';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { useComposeForm } from '../hooks/use-compose-form';
import { autosaveTiming } from '../hooks/use-draft-autosave';
import { ComposePage } from './ComposePage';

/* Issue 34: compose saves its draft by itself, keeps what it cannot save in this browser, and asks
 * keep / save / discard before the user leaves unsaved writing. */

const account = { id: 7, name: '김민지', email: 'minji@postline.local' };
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
let holdDraftSave: Promise<void> | null = null;

beforeEach(() => {
  autosaveTiming.idleMs = 3_600_000;
  holdDraftSave = null;
  useComposeForm.getState().reset();
  seen = serveApi(async (request) => {
    if (request.method === 'GET') return ok(request.url === '/signatures' ? emptyPage : null);
    if (request.url === '/messages/drafts' || request.url.startsWith('/messages/drafts/')) {
      await holdDraftSave;
      return ok({ id: 100, isDraft: true } as Message);
    }
    return ok({ id: 200 } as Message);
  });
});
afterEach(() => resetApiClientState());

const writes = () => seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

function openCompose() {
  const page = (
    <>
      <Link to="/mailbox/inbox">받은편지함으로</Link>
      <ComposePage account={account} />
    </>
  );
  return renderScreen('/compose', '/compose', page, ['/mailbox/inbox']);
}

async function write(subject: string, body: string) {
  await userEvent.type(await screen.findByLabelText('받는 사람'), 'jun@postline.local{Enter}');
  if (subject) await userEvent.type(screen.getByLabelText('제목'), subject);
  await userEvent.type(screen.getByLabelText('내용'), body);
}

/** The user stops typing after one more character: the pause that saves comes at once. */
async function pauseAfter(text: string) {
  autosaveTiming.idleMs = 20;
  await userEvent.type(screen.getByLabelText('내용'), text);
  autosaveTiming.idleMs = 3_600_000;
}

describe('compose saves its draft by itself', () => {
  it('once typing stops, then updates that one draft in place, with a quiet status', async () => {
    openCompose();
    await write('회의 일정', '내일 세 ');
    await pauseAfter('시');
    await waitFor(() => expect(writes()).toEqual(['POST /messages/drafts']));
    expect(seen.at(-1)?.body).toMatchObject({
      subject: '회의 일정',
      bodyText: '내일 세 시',
      context: { kind: 'NEW', originalMessageId: null },
    });
    expect(await screen.findByText(/^임시 저장됨 · /)).toBeInTheDocument();
    // A reload now comes back to the draft.
    await waitFor(() => expect(currentLocation()).toBe('/compose?draftId=100'));

    await userEvent.type(screen.getByLabelText('내용'), '입니다');
    await pauseAfter('.');
    await waitFor(() => expect(writes()).toEqual(['POST /messages/drafts', 'PUT /messages/drafts/100']));
    expect(seen.at(-1)?.body).toMatchObject({ bodyText: '내일 세 시입니다.' });
  });

  it('keeps a mail without a subject in this browser and shows it again on the next visit', async () => {
    const first = openCompose();
    await write('', '제목은 나중');
    await pauseAfter('에');
    expect(await screen.findByText('이 기기에 보관됨')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    // The tab is closed: no question, nothing on the server.
    first.unmount();

    openCompose();
    expect(await screen.findByText('쓰던 메일을 이어서 보여 드립니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('내용')).toHaveValue('제목은 나중에');
    expect(screen.getByText('jun@postline.local')).toBeInTheDocument();
  });

  it('sends the draft a save on its way is making, and leaves no second one', async () => {
    let release: () => void = () => undefined;
    holdDraftSave = new Promise((resolve) => (release = resolve));
    openCompose();
    await write('견적', '첨부합니다');
    await pauseAfter('.');
    await waitFor(() => expect(writes()).toEqual(['POST /messages/drafts']));
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    release();
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/sent'));
    expect(writes()).toEqual(['POST /messages/drafts', 'POST /messages']);
    expect(seen.at(-1)?.body).toMatchObject({ draftId: 100, subject: '견적' });
  });
});

describe('leaving unsaved writing', () => {
  beforeEach(() => {
    autosaveTiming.idleMs = 3_600_000;
  });
  const leaveDialog = () => screen.findByRole('alertdialog', { name: '저장하지 않은 변경 사항이 있습니다' });

  it('offers keep writing, save draft and discard; saving a draft goes on once it is saved', async () => {
    openCompose();
    await write('초안', '쓰는 중');
    await userEvent.click(screen.getByRole('link', { name: '받은편지함으로' }));
    const dialog = await leaveDialog();
    for (const name of ['계속 쓰기', '버리기', '임시 저장'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '계속 쓰기' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: '임시 저장' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
    expect(writes()).toEqual(['POST /messages/drafts']);
  });

  it('stays when the draft cannot be saved, saying why', async () => {
    openCompose();
    await write('', '제목 없이');
    await userEvent.click(screen.getByRole('link', { name: '받은편지함으로' }));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: '임시 저장' }));
    expect(await screen.findByText('임시 저장하려면 제목을 입력해야 합니다.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/compose');
    expect(screen.getByLabelText('내용')).toHaveValue('제목 없이');
  });

  it('discarding a mail whose draft was made while writing deletes that draft', async () => {
    openCompose();
    await write('버릴 메일', '내');
    await pauseAfter('용');
    await waitFor(() => expect(writes()).toEqual(['POST /messages/drafts']));
    await userEvent.type(screen.getByLabelText('내용'), ' 더');
    await userEvent.click(screen.getByRole('link', { name: '받은편지함으로' }));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: '버리기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
    await waitFor(() => expect(writes()).toContain('DELETE /messages/100'));
    expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ permanent: true });
  });
});
