import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Template, TemplateCategory } from '@postline/shared/templates';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type Reply, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { initialTemplatesView, useTemplatesStore } from '../store';
import { TemplatesPage } from './TemplatesPage';

const categories: TemplateCategory[] = [
  { id: 1, name: '일반', description: null, color: '#3B82F6', templateCount: 2, code: 'GENERAL' },
  { id: 2, name: '업무', description: null, color: '#10B981', templateCount: 1, code: 'BUSINESS' },
  { id: 7, name: '고객 응대', description: '문의 답변', color: '#F59E0B', templateCount: 0, code: null },
];

function template(overrides: Partial<Template>): Template {
  return {
    id: 1,
    name: '회의 초대',
    subject: '{{date}} 회의 안내',
    content: '{{name}}님,\n회의에 초대합니다.\n장소: 3층 회의실\n감사합니다.',
    bodyText: '',
    bodyHtml: null,
    variables: '{"date":"","name":""}',
    category: 'BUSINESS',
    categoryId: 2,
    categoryName: '업무',
    categoryColor: '#10B981',
    isShared: true,
    isActive: true,
    usageCount: 12,
    ownerId: 1,
    isOwner: true,
    createdAt: '2025-03-02T09:00:00.000Z',
    updatedAt: '2025-03-02T09:00:00.000Z',
    ...overrides,
  };
}

const meeting = template({});
const thanks = template({
  id: 2,
  name: '감사 인사',
  subject: '감사합니다',
  content: '도와주셔서 감사합니다.',
  variables: '{}',
  category: 'GENERAL',
  categoryId: 1,
  categoryName: '일반',
  categoryColor: '#3B82F6',
  isShared: false,
  usageCount: 3,
});
const othersShared = template({ id: 3, name: '공지', isOwner: false, ownerId: 9, usageCount: 0 });

const pageOf = (content: Template[], total = content.length) => ({
  content,
  number: 0,
  size: 20,
  totalElements: total,
  totalPages: Math.ceil(total / 20),
  first: true,
  last: true,
});

const popular = [1, 2, 3, 4, 5, 6].map((n) =>
  template({ id: 100 + n, name: `인기 ${n}`, usageCount: 60 - n }),
);

/** The template calls the page makes, answered from fixed data; `override` answers first. */
function serveTemplates(override?: (seen: SeenRequest) => Reply | undefined): SeenRequest[] {
  const seen: SeenRequest[] = serveApi((request) => {
    const last = seen[seen.length - 1]!;
    const answer = override?.(last);
    if (answer) return answer;
    const method = request.method;
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (method === 'GET' && request.url === '/templates/categories') return ok(categories);
    if (method === 'GET' && request.url === '/templates/popular') return ok(popular);
    if (method === 'GET' && request.url === '/templates') {
      if (params.size === 1) return ok(pageOf([meeting], 3));
      if (params.categoryId === 2) return ok(pageOf([meeting]));
      return ok(pageOf([meeting, thanks, othersShared]));
    }
    if (method === 'GET' && request.url === '/templates/search') return ok(pageOf([thanks]));
    return fail(500, 'SERVER_ERROR', 'unexpected');
  });
  return seen;
}

const renderPage = () => renderScreen('/templates', '/templates', <TemplatesPage />);

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

  it('creates a category with the default colour #3B82F6', async () => {
    const seen = serveTemplates((request) =>
      request.method === 'POST' && request.url === '/templates/categories'
        ? { status: 201, data: { success: true, data: { ...categories[2], id: 8, name: '행사' } } }
        : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '카테고리 만들기' }));
    const dialog = screen.getByRole('dialog', { name: '카테고리 만들기' });
    expect(within(dialog).getByLabelText('색상')).toHaveValue('#3b82f6');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(dialog).getByText('이름을 입력해 주세요.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('카테고리 이름'), '행사');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ name: '행사', color: '#3B82F6' });
  });

  it("renames one of the user's own categories by keyboard; the built-in four have no edit or delete", async () => {
    const seen = serveTemplates((request) =>
      request.method === 'PUT' && request.url === '/templates/categories/7'
        ? ok({ ...categories[2], ...(request.body as object) })
        : undefined,
    );
    renderPage();
    const nav = await screen.findByRole('navigation', { name: '카테고리' });
    // One edit and one delete, both for the user's own category (named by it), none for the built-in four.
    const edit = await within(nav).findByRole('button', { name: '카테고리 편집' });
    expect(edit).toHaveAccessibleDescription('고객 응대');
    expect(within(nav).getByRole('button', { name: '카테고리 삭제' })).toHaveAccessibleDescription(
      '고객 응대',
    );

    edit.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: '카테고리 편집' });
    const name = within(dialog).getByLabelText('카테고리 이름');
    expect(name).toHaveValue('고객 응대');
    expect(within(dialog).getByLabelText('설명')).toHaveValue('문의 답변');
    await userEvent.clear(name);
    await userEvent.type(name, '고객 지원{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      name: '고객 지원',
      description: '문의 답변',
      color: '#F59E0B',
    });
    expect(await screen.findByText('카테고리를 저장했습니다.')).toBeInTheDocument();
  });

  it('deletes a category only after a confirm saying its templates move to 일반, then shows All', async () => {
    let deleted = false;
    const seen = serveTemplates((request) => {
      if (request.method === 'DELETE' && request.url === '/templates/categories/7') {
        deleted = true;
        return ok(null);
      }
      if (request.method === 'GET' && request.url === '/templates/categories')
        return ok(
          deleted
            ? categories.slice(0, 2)
            : [categories[0], categories[1], { ...categories[2], templateCount: 2 }],
        );
      return undefined;
    });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: '카테고리' });
    await userEvent.click(await within(nav).findByRole('button', { name: /고객 응대/ }));
    await waitFor(() => expect(useTemplatesStore.getState().selectedCategoryId).toBe(7));

    await userEvent.click(within(nav).getByRole('button', { name: '카테고리 삭제' }));
    const confirm = screen.getByRole('alertdialog', { name: '카테고리를 삭제하시겠습니까?' });
    expect(confirm).toHaveTextContent(
      '"고객 응대" 카테고리가 삭제됩니다. 이 카테고리의 템플릿 2개는 "일반" 카테고리로 옮겨집니다.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: '취소' }));
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    await userEvent.click(within(nav).getByRole('button', { name: '카테고리 삭제' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(within(nav).queryByRole('button', { name: /고객 응대/ })).toBeNull());
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/templates/categories/7']);
    expect(useTemplatesStore.getState().selectedCategoryId).toBeNull();
    expect(within(nav).getByRole('button', { name: /전체/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('카테고리를 삭제했습니다.')).toBeInTheDocument();
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
