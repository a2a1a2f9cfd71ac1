import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail } from '@/test/fake-api';
import { currentLocation } from '@/test/render';
import { initialTemplatesView, useTemplatesStore } from '../store';
import { template } from '@/test/template-fixtures';
import { renderPage, serveTemplates } from '../test-fixtures';

beforeEach(() => {
  signInAs();
  useTemplatesStore.setState(initialTemplatesView);
});

afterEach(() => resetApiClientState());

describe('TemplatesPage', () => {
  it('lists categories with counts and colours, the top five popular, and the template cards', async () => {
    serveTemplates();
    renderPage();

    const nav = await screen.findByRole('navigation', { name: '카테고리' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: /전체/ })).toHaveTextContent('전체3'));
    expect(within(nav).getByRole('button', { name: /업무/ })).toHaveTextContent('업무1');
    const custom = within(nav).getByRole('button', { name: /고객 응대/ });
    expect(custom).toHaveTextContent('고객 응대0');
    expect(custom.querySelector('span[aria-hidden]')).toHaveStyle({ backgroundColor: '#F59E0B' });

    const popularPanel = screen.getByRole('region', { name: '인기 템플릿' });
    const items = within(popularPanel).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('인기 159회 사용');

    const card = screen.getByRole('article', { name: '회의 초대' });
    expect(card).toHaveTextContent('{{date}} 회의 안내');
    expect(card).toHaveTextContent('공유됨');
    expect(card).toHaveTextContent('업무');
    expect(card).toHaveTextContent('12회 사용');
    expect(within(card).getByText(/회의에 초대합니다/)).toHaveClass('line-clamp-2');
    // Another user's shared template can be used but not edited or deleted here.
    const shared = screen.getByRole('article', { name: '공지' });
    expect(within(shared).queryByRole('button')).toBeNull();
  });

  it('opens compose with a popular template when it is clicked', async () => {
    serveTemplates();
    renderPage();
    const popularPanel = await screen.findByRole('region', { name: '인기 템플릿' });
    const first = await within(popularPanel).findByRole('link', { name: '인기 1 템플릿으로 메일 쓰기' });
    expect(first).toHaveAttribute('href', '/compose?template=101');
    expect(within(popularPanel).getAllByRole('link')).toHaveLength(5);
    await userEvent.click(first);
    await waitFor(() => expect(currentLocation()).toBe('/compose?template=101'));
  });

  it('filters by category and searches with Enter; reset clears the box and the search', async () => {
    const seen = serveTemplates();
    renderPage();
    const nav = await screen.findByRole('navigation', { name: '카테고리' });
    await userEvent.click(await within(nav).findByRole('button', { name: /업무/ }));
    await waitFor(() => expect(screen.queryByRole('article', { name: '감사 인사' })).toBeNull());
    expect(within(nav).getByRole('button', { name: /업무/ })).toHaveAttribute('aria-pressed', 'true');
    expect(
      seen.some((r) => r.url === '/templates' && (r.params as { categoryId?: number }).categoryId === 2),
    ).toBe(true);
    await userEvent.click(within(nav).getByRole('button', { name: /전체/ }));

    const box = screen.getByRole('searchbox', { name: '템플릿 검색' });
    await userEvent.type(box, '감사{Enter}');
    expect(await screen.findByText("'감사' 검색 결과 1개")).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: '회의 초대' })).toBeNull();
    expect(seen.find((r) => r.url === '/templates/search')?.params).toMatchObject({ keyword: '감사' });

    await userEvent.click(screen.getByRole('button', { name: '초기화' }));
    expect(box).toHaveValue('');
    expect(await screen.findByRole('article', { name: '회의 초대' })).toBeInTheDocument();
  });

  it('refuses a template whose variables are not {{word}}, naming the bad one, without calling the server', async () => {
    const seen = serveTemplates();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '템플릿 만들기' }));
    const dialog = screen.getByRole('dialog', { name: '템플릿 만들기' });
    expect(within(dialog).getByText(/\{\{name\}\}처럼 이중 중괄호로 변수를/)).toBeInTheDocument();
    // A new template starts in General.
    expect(within(dialog).getByLabelText('카테고리')).toHaveDisplayValue('일반');

    await userEvent.type(within(dialog).getByLabelText('템플릿 이름'), '회의 초대');
    await userEvent.type(within(dialog).getByLabelText('제목'), '회의 안내');
    await userEvent.click(within(dialog).getByLabelText('내용'));
    await userEvent.paste('{{first name}}님 안녕하세요');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));

    expect(
      within(dialog).getByText('올바르지 않은 변수입니다: {{first name}} ({{name}} 형식으로 쓰세요)'),
    ).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('asks for name, subject and content', async () => {
    serveTemplates();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '템플릿 만들기' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('이름을 입력해 주세요.')).toBeInTheDocument();
    expect(within(dialog).getByText('제목을 입력해 주세요.')).toBeInTheDocument();
    expect(within(dialog).getByText('내용을 입력해 주세요.')).toBeInTheDocument();
  });

  it('creates a template in the chosen category, shared, and reloads the counts', async () => {
    const seen = serveTemplates((request) =>
      request.method === 'POST' && request.url === '/templates'
        ? { status: 201, data: { success: true, data: template({ id: 9 }) } }
        : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '템플릿 만들기' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('템플릿 이름'), ' 회의 초대 ');
    await userEvent.selectOptions(within(dialog).getByLabelText('카테고리'), '업무');
    await userEvent.click(within(dialog).getByLabelText('제목'));
    await userEvent.paste('{{date}} 회의 안내');
    await userEvent.click(within(dialog).getByLabelText('내용'));
    await userEvent.paste('{{name}}님, 회의에 초대합니다.');
    await userEvent.click(within(dialog).getByLabelText('다른 사용자와 공유'));
    const before = seen.filter((r) => r.url === '/templates/categories').length;
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      name: '회의 초대',
      subject: '{{date}} 회의 안내',
      bodyText: '{{name}}님, 회의에 초대합니다.',
      categoryId: 2,
      isShared: true,
      isActive: true,
    });
    await waitFor(() =>
      expect(seen.filter((r) => r.url === '/templates/categories').length).toBeGreaterThan(before),
    );
    expect(await screen.findByText('템플릿을 만들었습니다.')).toBeInTheDocument();
  });

  it('keeps the modal open with the server error when saving fails', async () => {
    serveTemplates((request) =>
      request.method === 'PUT' ? fail(404, 'TEMPLATE_NOT_FOUND', '템플릿을 찾을 수 없습니다.') : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '회의 초대 편집' }));
    const dialog = screen.getByRole('dialog', { name: '템플릿 편집' });
    expect(within(dialog).getByLabelText('템플릿 이름')).toHaveValue('회의 초대');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('템플릿을 찾을 수 없습니다.');
    expect(screen.getByRole('dialog', { name: '템플릿 편집' })).toBeInTheDocument();
  });

  it('deletes only after confirming, and shows a failure in the store banner with a close link', async () => {
    const seen = serveTemplates((request) =>
      request.method === 'DELETE' ? fail(500, 'SERVER_ERROR', '서버 오류가 발생했습니다.') : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '감사 인사 삭제' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: '취소' }));
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '감사 인사 삭제' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    const banner = await screen.findByText('서버 오류가 발생했습니다.');
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/templates/2']);
    await userEvent.click(
      within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '닫기' }),
    );
    expect(screen.queryByText('서버 오류가 발생했습니다.')).toBeNull();
  });

  it('shows a failed change only on the visit it happened in', async () => {
    serveTemplates((request) =>
      request.method === 'DELETE' ? fail(500, 'SERVER_ERROR', '서버 오류가 발생했습니다.') : undefined,
    );
    const first = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '감사 인사 삭제' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('서버 오류가 발생했습니다.')).toBeInTheDocument();
    first.unmount();

    renderPage();
    await screen.findByRole('button', { name: '감사 인사 삭제' });
    expect(screen.queryByText('서버 오류가 발생했습니다.')).toBeNull();
  });
});
