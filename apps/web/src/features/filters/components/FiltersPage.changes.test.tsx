import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FilterDto } from '@postline/shared/filters';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type Handler, type Reply, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { initialFiltersView, useFiltersStore } from '../store';
import { filterDto, statistics } from '../test-fixtures';
import { FiltersPage } from './FiltersPage';

/*
 * What the screen shows after a change (SPEC §4): the list and, while shown, the statistics as the
 * server holds them; a new order at once, and the old one back when the server refuses it.
 */

let filters: FilterDto[];

/** GET /filters answers the current list unless `extra` answers first (undefined: not handled). */
function serve(
  extra: (request: Parameters<Handler>[0]) => Reply | Promise<Reply> | undefined = () => undefined,
) {
  return serveApi((request) => {
    const answer = extra(request);
    if (answer !== undefined) return answer;
    if (request.method === 'GET' && request.url === '/filters') return ok(filters);
    if (request.url === '/filters/statistics') return ok(statistics());
    return ok(null);
  });
}

const calls = (seen: SeenRequest[], method: string, url: string) =>
  seen.filter((r) => r.method === method && r.url === url).length;

function rowNames(): string[] {
  const list = screen.getByRole('list', { name: /필터 \d+개/ });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => within(row).getByRole('heading').textContent ?? '');
}

/** An answer the test gives when it chooses. */
function heldReply() {
  let release: (reply: Reply) => void = () => undefined;
  const reply = new Promise<Reply>((resolve) => (release = resolve));
  return { reply, release };
}

beforeEach(() => {
  signInAs();
  useFiltersStore.setState(initialFiltersView);
  filters = [
    filterDto({ id: 11, name: '알파 프로젝트', priority: 1 }),
    filterDto({ id: 12, name: '뉴스레터', priority: 2 }),
    filterDto({ id: 13, name: '청구서', priority: 3 }),
  ];
});

describe('FiltersPage after a change', () => {
  it('moves the row at once, and puts it back when the server refuses the new order', async () => {
    const priority = heldReply();
    const reload = heldReply();
    let refused = false;
    serve((request) => {
      if (request.url === '/filters/priority') return priority.reply;
      // The reload after the refusal is held, so what the user sees then is the cache put back.
      if (refused && request.method === 'GET' && request.url === '/filters') return reload.reply;
      return undefined;
    });
    renderScreen('/filters', '/filters', <FiltersPage />);
    const row = await screen.findByRole('listitem', { name: '알파 프로젝트' });
    await userEvent.click(within(row).getByRole('button', { name: '아래로 이동' }));

    await waitFor(() => expect(rowNames()).toEqual(['뉴스레터', '알파 프로젝트', '청구서']));
    expect(
      within(screen.getByRole('listitem', { name: '알파 프로젝트' })).getByText('#2'),
    ).toBeInTheDocument();

    refused = true;
    priority.release(fail(409, 'FILTER_UPDATE_FAILED', '다른 변경과 겹쳤습니다.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('우선순위를 바꾸지 못했습니다.');
    expect(rowNames()).toEqual(['알파 프로젝트', '뉴스레터', '청구서']);
    reload.release(ok(filters));
  });

  it('drops a ticked filter from the selection once it is gone from the list', async () => {
    serve((request) => {
      if (request.method === 'DELETE' && request.url === '/filters/13') {
        filters = filters.filter((f) => f.id !== 13);
        return ok(null);
      }
      return undefined;
    });
    renderScreen('/filters', '/filters', <FiltersPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: '뉴스레터 선택' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '청구서 선택' }));
    expect(screen.getByRole('region', { name: '선택한 필터' })).toHaveTextContent('2개 선택됨');

    const row = screen.getByRole('listitem', { name: '청구서' });
    await userEvent.click(within(row).getByRole('button', { name: '삭제' }));
    const dialog = screen.getByRole('alertdialog', { name: '필터를 삭제하시겠습니까?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));

    await screen.findByRole('list', { name: '필터 2개' });
    expect(screen.getByRole('region', { name: '선택한 필터' })).toHaveTextContent('1개 선택됨');
    expect(screen.getByRole('checkbox', { name: '전체 선택' })).toHaveProperty('indeterminate', true);
  });

  it('reloads the statistics after a change only while they are shown', async () => {
    const seen = serve();
    renderScreen('/filters', '/filters', <FiltersPage />);
    await userEvent.click(await screen.findByRole('button', { name: '통계 보기' }));
    await within(await screen.findByRole('region', { name: '필터 통계' })).findByText('전체 필터');
    const shown = calls(seen, 'GET', '/filters/statistics');

    const toggle = () =>
      within(screen.getByRole('listitem', { name: '뉴스레터' })).getByRole('switch', { name: '활성' });
    const loads = calls(seen, 'GET', '/filters');
    await userEvent.click(toggle());
    await waitFor(() => expect(calls(seen, 'GET', '/filters')).toBe(loads + 1));
    await waitFor(() => expect(calls(seen, 'GET', '/filters/statistics')).toBe(shown + 1));

    await userEvent.click(screen.getByRole('button', { name: '통계 숨기기' }));
    await userEvent.click(toggle());
    await waitFor(() => expect(calls(seen, 'GET', '/filters')).toBe(loads + 2));
    expect(calls(seen, 'GET', '/filters/statistics')).toBe(shown + 1);
  });

  it('shows a filter as the form saved it', async () => {
    serve((request) => {
      if (request.url === '/mailboxes') return ok([]);
      if (request.method === 'GET' && request.url === '/filters/12') return ok(filters[1]);
      if (request.method === 'PUT' && request.url === '/filters/12') {
        filters = filters.map((f) => (f.id === 12 ? { ...f, name: '주간 뉴스레터' } : f));
        return ok(filters[1]);
      }
      return undefined;
    });
    renderScreen('/filters', '/filters', <FiltersPage />);
    const row = await screen.findByRole('listitem', { name: '뉴스레터' });
    await userEvent.click(within(row).getByRole('button', { name: '편집' }));
    const name = await screen.findByDisplayValue('뉴스레터');
    await userEvent.clear(name);
    await userEvent.type(name, '주간 뉴스레터');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));

    expect(await screen.findByRole('listitem', { name: '주간 뉴스레터' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '필터 편집' })).not.toBeInTheDocument();
  });
});
