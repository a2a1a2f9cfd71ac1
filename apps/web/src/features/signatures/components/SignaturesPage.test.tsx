// Over 300 lines on purpose: the signatures page's tabs, editor, default, copy and delete over one
// fake server, read as the page's one specification.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Signature } from '@postline/shared/signatures';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { SignaturesPage } from './SignaturesPage';

function signature(overrides: Partial<Signature>): Signature {
  return {
    id: 1,
    name: '업무 서명',
    content: '<p><strong>김민지</strong><br>Postline 팀</p>',
    isDefault: false,
    isActive: true,
    signatureType: 'BUSINESS',
    signatureTypeDescription: '업무',
    includeImage: false,
    imageUrl: null,
    createdAt: '2025-03-02T09:00:00.000Z',
    updatedAt: '2025-03-02T09:00:00.000Z',
    ...overrides,
  };
}

const business = signature({ id: 1, isDefault: true });
const personal = signature({
  id: 2,
  name: '개인 서명',
  signatureType: 'PERSONAL',
  content: '<p>민지 드림</p><img src=x onerror="window.hacked = 1"><a href="javascript:alert(1)">링크</a>',
  includeImage: true,
  imageUrl: 'https://cdn.example/minji.png',
});

const page = (content: Signature[]) => ({
  content,
  number: 0,
  size: 100,
  totalElements: content.length,
  totalPages: 1,
  first: true,
  last: true,
});

/** Whether a request asks for the default signature (GET /signatures?isDefault=true). */
const asksDefault = (request: { method?: string; url?: string; params?: unknown }) =>
  request.method === 'GET' &&
  request.url === '/signatures' &&
  (request.params as { isDefault?: unknown } | undefined)?.isDefault === true;

/** A small signature server: list, default, create, set default, duplicate and delete. */
function serveSignatures(initial: Signature[]): { seen: SeenRequest[]; list: Signature[] } {
  const state = { list: [...initial] };
  const seen = serveApi((request) => {
    const method = request.method;
    const url = request.url ?? '';
    const body = typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
    if (asksDefault(request)) return ok(page(state.list.filter((item) => item.isDefault)));
    if (method === 'GET' && url === '/signatures') return ok(page(state.list));
    if (method === 'POST' && url === '/signatures') {
      const created = signature({
        ...body,
        id: 10,
        content: body.content,
        isDefault: body.isDefault === true,
      });
      if (created.isDefault) state.list = state.list.map((item) => ({ ...item, isDefault: false }));
      state.list = [created, ...state.list];
      return { status: 201, data: { success: true, data: created } };
    }
    const setDefault = /^\/signatures\/(\d+)\/default$/.exec(url);
    if (method === 'PATCH' && setDefault) {
      const id = Number(setDefault[1]);
      state.list = state.list.map((item) => ({ ...item, isDefault: item.id === id }));
      return ok(state.list.find((item) => item.id === id));
    }
    const duplicate = /^\/signatures\/(\d+)\/duplicate$/.exec(url);
    if (method === 'POST' && duplicate) {
      const source = state.list.find((item) => item.id === Number(duplicate[1]))!;
      const copy = { ...source, id: 20, name: `${source.name} (사본)`, isDefault: false };
      state.list = [copy, ...state.list];
      return { status: 201, data: { success: true, data: copy } };
    }
    const one = /^\/signatures\/(\d+)$/.exec(url);
    if (method === 'DELETE' && one) {
      state.list = state.list.filter((item) => item.id !== Number(one[1]));
      return ok(null);
    }
    return fail(500, 'SERVER_ERROR', 'unexpected');
  });
  return {
    seen,
    get list() {
      return state.list;
    },
  };
}

const account = { name: '김민지', email: 'minji@postline.local' };
const renderPage = () => renderScreen('/signatures', '/signatures', <SignaturesPage account={account} />);

beforeEach(() => {
  signInAs();
});

afterEach(() => resetApiClientState());

describe('SignaturesPage', () => {
  it('shows the default banner, the cards with type and default badge, and filters by tab', async () => {
    serveSignatures([business, personal]);
    renderPage();

    // The banner shows at once ("no default") and changes once the default has loaded.
    expect(await screen.findByText('현재 기본 서명: 업무 서명')).toHaveAttribute(
      'data-testid',
      'default-signature-banner',
    );
    const businessCard = screen.getByRole('article', { name: '업무 서명' });
    expect(within(businessCard).getByText('기본')).toBeInTheDocument();
    expect(within(businessCard).getByText(/업무 서명 ·/)).toBeInTheDocument();
    expect(within(businessCard).getByText('김민지').tagName).toBe('STRONG');
    // The default signature has no set-default action; the other one has.
    expect(within(businessCard).queryByRole('button', { name: /기본으로 설정/ })).toBeNull();
    const personalCard = screen.getByRole('article', { name: '개인 서명' });
    expect(within(personalCard).getByRole('button', { name: '개인 서명 기본으로 설정' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /개인/ }));
    expect(screen.queryByRole('article', { name: '업무 서명' })).toBeNull();
    expect(screen.getByRole('article', { name: '개인 서명' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /업무/ }));
    expect(screen.queryByRole('article', { name: '개인 서명' })).toBeNull();
  });

  it('renders hostile signature HTML inert and shows the https image', async () => {
    serveSignatures([personal]);
    renderPage();
    const card = await screen.findByRole('article', { name: '개인 서명' });
    expect(within(card).getByText('민지 드림')).toBeInTheDocument();
    const images = within(card).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([null, 'https://cdn.example/minji.png']);
    expect(card.querySelector('[onerror]')).toBeNull();
    expect(within(card).getByText('링크')).not.toHaveAttribute('href');
    expect(within(card).getByRole('link', { name: '이미지 보기' })).toHaveAttribute(
      'href',
      'https://cdn.example/minji.png',
    );
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('treats no default as an empty state: no failed request, no error, nothing logged', async () => {
    const errors = vi.spyOn(console, 'error');
    const server = serveSignatures([personal]);
    renderPage();
    await screen.findByRole('article', { name: '개인 서명' });
    expect(screen.getByTestId('default-signature-banner')).toHaveTextContent('기본 서명이 없습니다.');
    expect(server.seen.some((r) => r.url === '/signatures/default')).toBe(false);
    expect(server.seen.some((r) => asksDefault(r))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('checks the form with the shared rules before sending and shows the image URL only with includeImage', async () => {
    const server = serveSignatures([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '서명 만들기' }));
    const dialog = screen.getByRole('dialog', { name: '서명 만들기' });
    expect(within(dialog).getByLabelText('종류')).toHaveValue('PERSONAL');
    expect(within(dialog).queryByLabelText('이미지 URL')).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('서명 이름'), '업무/서명');
    await userEvent.click(within(dialog).getByLabelText('이미지 포함'));
    await userEvent.type(within(dialog).getByLabelText('이미지 URL'), 'http://cdn.example/logo.png');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));

    expect(
      within(dialog).getByText('이름에 < > " / \\ | ? * 문자는 사용할 수 없습니다.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('서명 내용을 입력해 주세요.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('이미지 주소는 https:// 로 시작하는 URL이어야 합니다.'),
    ).toBeInTheDocument();
    expect(server.seen.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.click(within(dialog).getByLabelText('이미지 포함'));
    expect(within(dialog).queryByLabelText('이미지 URL')).toBeNull();

    // Mended, it saves; the URL typed before the image was unticked is not sent.
    await userEvent.clear(within(dialog).getByLabelText('서명 이름'));
    await userEvent.type(within(dialog).getByLabelText('서명 이름'), '업무 서명');
    await userEvent.type(within(dialog).getByLabelText('내용'), '김민지 드림');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(server.seen.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(server.seen.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: '업무 서명',
      includeImage: false,
      imageUrl: null,
    });
  });

  it('previews live, sanitised, and puts the new signature first', async () => {
    const server = serveSignatures([business]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '서명 만들기' }));
    const dialog = screen.getByRole('dialog', { name: '서명 만들기' });
    await userEvent.type(within(dialog).getByLabelText('서명 이름'), '새 서명');
    await userEvent.selectOptions(within(dialog).getByLabelText('종류'), 'BUSINESS');
    const content = within(dialog).getByLabelText('내용');
    await userEvent.click(content);
    await userEvent.paste('<b>박지훈</b><img src=x onerror="window.hacked=1">');
    const preview = within(dialog).getByTestId('signature-preview');
    expect(within(preview).getByText('박지훈').tagName).toBe('B');
    expect(preview.querySelector('[onerror]')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = server.seen.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({ name: '새 서명', signatureType: 'BUSINESS', isDefault: false });
    const cards = screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));
    expect(cards[0]).toBe('signature-10-name');
    expect(await screen.findByText('서명을 만들었습니다.')).toBeInTheDocument();
  });

  it('keeps typed lines, fills {{name}} and {{email}}, formats bold and links, and sets the default', async () => {
    const server = serveSignatures([business]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '서명 만들기' }));
    const dialog = screen.getByRole('dialog', { name: '서명 만들기' });
    await userEvent.type(within(dialog).getByLabelText('서명 이름'), '줄 서명');
    const content = within(dialog).getByLabelText('내용') as HTMLTextAreaElement;
    await userEvent.type(content, '{{{{name}} 드림{Enter}{{{{email}}');
    const preview = within(dialog).getByTestId('signature-preview');
    await waitFor(() =>
      expect(preview.querySelector('[data-testid="signature-html"]')?.innerHTML).toBe(
        '김민지 드림<br>minji@postline.local',
      ),
    );

    // Bold around the selected name, then a link on the address.
    content.setSelectionRange(0, '{{name}}'.length);
    await userEvent.click(within(dialog).getByRole('button', { name: '굵게' }));
    await waitFor(() => expect(content.value).toBe('<b>{{name}}</b> 드림\n{{email}}'));
    // The bolded name stays selected, as in any editor.
    expect([content.selectionStart, content.selectionEnd]).toEqual([3, 3 + '{{name}}'.length]);
    const start = content.value.indexOf('{{email}}');
    content.setSelectionRange(start, start + '{{email}}'.length);
    await userEvent.click(within(dialog).getByRole('button', { name: '링크' }));
    const url = within(dialog).getByLabelText('링크 주소');
    await userEvent.clear(url);
    await userEvent.type(url, 'mailto:minji@postline.local{Enter}');
    await waitFor(() =>
      expect(content.value).toBe('<b>{{name}}</b> 드림\n<a href="mailto:minji@postline.local">{{email}}</a>'),
    );
    expect(within(preview).getByText('김민지').tagName).toBe('B');
    expect(within(preview).getByRole('link', { name: 'minji@postline.local' })).toHaveAttribute(
      'href',
      'mailto:minji@postline.local',
    );

    await userEvent.click(within(dialog).getByLabelText('기본 서명으로 설정'));
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.seen.find((r) => r.method === 'POST')?.body).toMatchObject({
      isDefault: true,
      content: '<b>{{name}}</b> 드림<br><a href="mailto:minji@postline.local">{{email}}</a>',
    });
    expect(await screen.findByTestId('default-signature-banner')).toHaveTextContent('줄 서명');
  });

  it('keeps the form open with the server reason when saving fails', async () => {
    serveApi((request) => {
      if (request.method === 'GET' && request.url === '/signatures') return ok(page([]));
      return fail(400, 'VALIDATION_ERROR', '서명 내용은 2000자 이하여야 합니다.');
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '서명 만들기' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('서명 이름'), '서명');
    await userEvent.type(within(dialog).getByLabelText('내용'), '내용');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('서명 내용은 2000자 이하여야 합니다.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sets another default, duplicates to the top, and deletes after confirming', async () => {
    const server = serveSignatures([business, personal]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '개인 서명 기본으로 설정' }));
    await waitFor(() =>
      expect(screen.getByTestId('default-signature-banner')).toHaveTextContent('현재 기본 서명: 개인 서명'),
    );
    expect(within(screen.getByRole('article', { name: '업무 서명' })).queryByText('기본')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '업무 서명 복제' }));
    await screen.findByRole('article', { name: '업무 서명 (사본)' });
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('업무 서명 (사본)');

    await userEvent.click(screen.getByRole('button', { name: '개인 서명 삭제' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('"개인 서명" 서명이 삭제됩니다.');
    await userEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: '개인 서명' })).toBeNull());
    // Deleting the default asks the server which one is default now: none.
    await waitFor(() =>
      expect(screen.getByTestId('default-signature-banner')).toHaveTextContent('기본 서명이 없습니다.'),
    );
    expect(server.seen.filter((r) => asksDefault(r)).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failed load in a banner that can be closed', async () => {
    serveApi(() => fail(503, 'SERVICE_UNAVAILABLE', '서비스를 일시적으로 사용할 수 없습니다.'));
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('서비스를 일시적으로 사용할 수 없습니다.');
    await userEvent.click(within(banner).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
