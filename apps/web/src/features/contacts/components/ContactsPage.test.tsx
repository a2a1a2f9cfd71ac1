import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact, ContactGroup } from '@postline/shared/contacts';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { ContactsPage } from './ContactsPage';

const saveTextFile = vi.hoisted(() => vi.fn());
vi.mock('@/lib/save-file', () => ({ saveTextFile, saveFile: vi.fn() }));

function contact(id: number, name: string, address: string, extra: Partial<Contact> = {}): Contact {
  const at = '2026-11-01T00:00:00.000Z';
  const base = { id, name, addresses: [address], phone: null, company: null, note: null, groupIds: [] };
  return { ...base, createdAt: at, updatedAt: at, ...extra };
}
const page = (content: unknown[]) => ({
  content,
  number: 0,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
  first: true,
  last: true,
});

let contacts: Contact[];
let groups: ContactGroup[];

/** A small server: the calls the page makes, over `contacts` and `groups`. */
function serve(): SeenRequest[] {
  return serveApi(async (request) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    const { method, url } = request;
    if (method === 'GET' && url === '/contacts') {
      const q = typeof params.q === 'string' ? params.q : '';
      const groupId = params.groupId as number | undefined;
      return ok(
        page(
          contacts.filter(
            (c) =>
              (q === '' || c.name.includes(q) || c.addresses.some((a) => a.includes(q))) &&
              (groupId === undefined || c.groupIds.includes(groupId)),
          ),
        ),
      );
    }
    if (method === 'GET' && url === '/contact-groups') return ok(page(groups));
    if (method === 'POST' && url === '/contacts') {
      if (body.addresses.includes('taken@example.com')) return fail(409, 'CONFLICT', '이미 있는 주소입니다.');
      const made = contact(100 + contacts.length, body.name, body.addresses[0], {
        addresses: body.addresses,
      });
      contacts = [...contacts, made];
      return ok(made);
    }
    const edit = /^\/contacts\/(\d+)$/.exec(url);
    if (method === 'PUT' && edit) {
      contacts = contacts.map((c) => (c.id === Number(edit[1]) ? { ...c, ...body } : c));
      return ok(contacts.find((c) => c.id === Number(edit[1])));
    }
    if (method === 'DELETE' && edit) {
      contacts = contacts.filter((c) => c.id !== Number(edit[1]));
      return ok(null);
    }
    if (method === 'POST' && url === '/contact-groups') {
      const made = { id: 7, name: body.name, memberIds: body.memberIds, createdAt: '', updatedAt: '' };
      groups = [...groups, made];
      contacts = contacts.map((c) => (body.memberIds.includes(c.id) ? { ...c, groupIds: [7] } : c));
      return ok(made);
    }
    if (method === 'POST' && url === '/contacts/import') {
      if (body.content.includes('broken')) return fail(400, 'VALIDATION_ERROR', '파일을 읽을 수 없습니다.');
      contacts = [...contacts, contact(50, '박지훈', 'jihoon@example.com')];
      return ok({ imported: 1, skipped: 0 });
    }
    if (method === 'GET' && url === '/contacts/export')
      return ok({
        fileName: `연락처.${params.format === 'csv' ? 'csv' : 'vcf'}`,
        mediaType: 'text/vcard',
        content: 'BEGIN:VCARD',
      });
    return fail(404, 'NOT_FOUND', 'no such call');
  });
}

beforeEach(() => {
  signInAs();
  contacts = [
    contact(1, '김민지', 'minji@example.com', { company: '포스트라인' }),
    contact(2, 'Alex Kim', 'alex@example.com'),
  ];
  groups = [];
  saveTextFile.mockClear();
});
afterEach(() => resetApiClientState());

const render = () => renderScreen('/contacts', '/contacts', <ContactsPage />);

describe('ContactsPage', () => {
  it('lists the contacts and finds one by the search box', async () => {
    serve();
    render();
    expect(await screen.findByRole('article', { name: '김민지' })).toHaveTextContent('minji@example.com');
    expect(screen.getByRole('article', { name: 'Alex Kim' })).toBeInTheDocument();
    expect(screen.getByText('연락처 2개')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: '연락처 검색' }), '민지');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Alex Kim' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: '김민지' })).toBeInTheDocument();
  });

  it('adds a contact with two addresses, shows a refusal in the form, edits and deletes', async () => {
    const seen = serve();
    render();
    await screen.findByRole('article', { name: '김민지' });
    await userEvent.click(screen.getByRole('button', { name: '새 연락처' }));
    const dialog = await screen.findByRole('dialog', { name: '새 연락처' });
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('이름을 입력해 주세요.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/이름/), '이서연');
    await userEvent.type(within(dialog).getByLabelText(/이메일 주소/), 'taken@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('이미 있는 주소입니다.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/이메일 주소/));
    await userEvent.type(
      within(dialog).getByLabelText(/이메일 주소/),
      'seoyeon@example.com{Enter}sy@work.example',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('article', { name: '이서연' })).toHaveTextContent(
      'seoyeon@example.com, sy@work.example',
    );
    expect(seen.filter((r) => r.method === 'POST' && r.url === '/contacts').at(-1)?.body).toEqual({
      name: '이서연',
      addresses: ['seoyeon@example.com', 'sy@work.example'],
    });

    await userEvent.click(screen.getByRole('button', { name: '이서연 편집' }));
    const edit = await screen.findByRole('dialog', { name: '연락처 편집' });
    await userEvent.type(within(edit).getByLabelText('회사'), '디자인랩');
    await userEvent.click(within(edit).getByRole('button', { name: '저장' }));
    expect(await screen.findByText(/디자인랩/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '이서연 삭제' }));
    await userEvent.click(await screen.findByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: '이서연' })).not.toBeInTheDocument());
  });

  it('makes a group of two contacts and shows its members when picked', async () => {
    serve();
    render();
    await screen.findByRole('article', { name: '김민지' });
    await userEvent.click(screen.getByRole('button', { name: '새 그룹' }));
    const dialog = await screen.findByRole('dialog', { name: '새 그룹' });
    await userEvent.type(within(dialog).getByLabelText(/그룹 이름/), '디자인팀');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /김민지/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Alex Kim/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    const nav = await screen.findByRole('navigation', { name: '그룹' });
    const group = await within(nav).findByRole('button', { name: /^디자인팀\s*2명$/ });
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-pressed', 'true');
  });

  it('imports a vCard file, refuses a broken one with the server’s reason, and exports', async () => {
    const seen = serve();
    render();
    await screen.findByRole('article', { name: '김민지' });
    const file = new File(['BEGIN:VCARD\r\nFN:박지훈\r\nEND:VCARD\r\n'], '주소록.vcf', {
      type: 'text/vcard',
    });
    await userEvent.upload(screen.getByTestId('contacts-import-file'), file);
    expect(await screen.findByText('연락처 1개를 가져왔습니다. 건너뛴 항목 0개.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: '박지훈' })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/contacts/import')?.body).toMatchObject({ format: 'vcard' });

    await userEvent.upload(screen.getByTestId('contacts-import-file'), new File(['broken'], 'x.csv'));
    expect(await screen.findByText('파일을 읽을 수 없습니다.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'vCard로 내보내기' }));
    await waitFor(() => expect(saveTextFile).toHaveBeenCalledWith('BEGIN:VCARD', '연락처.vcf', 'text/vcard'));
  });
});
