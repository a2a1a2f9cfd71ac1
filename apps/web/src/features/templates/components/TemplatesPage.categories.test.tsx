import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { ok } from '@/test/fake-api';
import { initialTemplatesView, useTemplatesStore } from '../store';
import { categories, renderPage, serveTemplates } from '../test-fixtures';

beforeEach(() => {
  signInAs();
  useTemplatesStore.setState(initialTemplatesView);
});

afterEach(() => resetApiClientState());

describe('TemplatesPage categories', () => {
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
});
