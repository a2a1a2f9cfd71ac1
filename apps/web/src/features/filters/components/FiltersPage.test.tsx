import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilterDto } from '@postline/shared/filters';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type Handler, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { initialFiltersView, useFiltersStore } from '../store';
import { filterDto, statistics } from '../test-fixtures';
import { FiltersPage } from './FiltersPage';

let filters: FilterDto[];

/** GET /filters answers the current list; other calls are answered by `extra` or succeed empty. */
function serve(extra: Handler = () => ok(null)): SeenRequest[] {
  return serveApi((request) => {
    if (request.method === 'GET' && request.url === '/filters') return ok(filters);
    return extra(request);
  });
}

function renderPage() {
  return renderScreen('/filters', '/filters', <FiltersPage />);
}

/**
 * Renders the page and waits until its rows are the draggable ones. The rows first show without
 * drag and are drawn again once dnd-kit's chunk has come, so a test that holds a row must wait for
 * the second drawing, as a person's click would land on it (on a busy machine the chunk came in
 * the middle of a test and its rows were no longer in the page).
 */
async function renderSettledPage() {
  renderPage();
  const grip = () => screen.getByRole('button', { name: `${filters[0]!.name} 순서 바꾸기` });
  await waitFor(() => expect(grip()).toBeEnabled(), { timeout: 10_000 });
}

const calls = (seen: SeenRequest[], method: string, url: string) =>
  seen.filter((r) => r.method === method && r.url === url);

beforeEach(() => {
  signInAs();
  useFiltersStore.setState(initialFiltersView);
  filters = [
    filterDto({ id: 11, name: '알파 프로젝트', priority: 1, description: '업무 메일 정리' }),
    filterDto({ id: 12, name: '뉴스레터', priority: 2, isActive: false }),
    filterDto({ id: 13, name: '청구서', priority: 3 }),
  ];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('FiltersPage', () => {
  it('words the last run in minutes and keeps the wording moving while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    filters[0] = {
      ...filters[0]!,
      stats: { executionCount: 3, lastExecuted: new Date(Date.now() - 30 * 60_000).toISOString() },
    };
    serve();
    await renderSettledPage();
    const row = await screen.findByRole('listitem', { name: '알파 프로젝트' });
    expect(row).toHaveTextContent('마지막 실행 30분 전');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31 * 60_000);
    });
    expect(row).toHaveTextContent('마지막 실행 1시간 전');
  });

  it('lists the filters in priority order under the header', async () => {
    serve();
    await renderSettledPage();
    expect(await screen.findByRole('heading', { level: 1, name: '필터 관리' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '필터 3개' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      '알파 프로젝트',
      '뉴스레터',
      '청구서',
    ]);
    expect(screen.getByText(/우선순위 순 정렬/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('비활성')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: '위로 이동' })).toBeDisabled();
    expect(within(rows[2]!).getByRole('button', { name: '아래로 이동' })).toBeDisabled();
  });

  it('selects some or all, and switches the selected filters off together', async () => {
    const seen = serve();
    await renderSettledPage();
    const selectAll = await screen.findByRole('checkbox', { name: '전체 선택' });
    await userEvent.click(screen.getByRole('checkbox', { name: '알파 프로젝트 선택' }));
    expect(selectAll).toHaveProperty('indeterminate', true);
    await userEvent.click(screen.getByRole('checkbox', { name: '청구서 선택' }));
    const bar = screen.getByRole('region', { name: '선택한 필터' });
    expect(bar).toHaveTextContent('2개 선택됨');

    const loads = calls(seen, 'GET', '/filters').length;
    await userEvent.click(within(bar).getByRole('button', { name: '비활성화' }));
    await waitFor(() => expect(calls(seen, 'PUT', '/filters/status')).toHaveLength(1));
    expect(calls(seen, 'PUT', '/filters/status')[0]!.body).toEqual({ filterIds: [11, 13], isActive: false });
    await waitFor(() => expect(calls(seen, 'GET', '/filters')).toHaveLength(loads + 1));

    await userEvent.click(selectAll);
    expect(selectAll).toBeChecked();
    expect(screen.getByRole('region', { name: '선택한 필터' })).toHaveTextContent('3개 선택됨');
    await userEvent.click(screen.getByRole('button', { name: '선택 해제' }));
    expect(screen.queryByRole('region', { name: '선택한 필터' })).not.toBeInTheDocument();
  });

  it("moves a filter down by giving it its neighbour's priority, then reloads", async () => {
    const seen = serve();
    await renderSettledPage();
    const row = await screen.findByRole('listitem', { name: '알파 프로젝트' });
    const loads = calls(seen, 'GET', '/filters').length;
    await userEvent.click(within(row).getByRole('button', { name: '아래로 이동' }));
    await waitFor(() => expect(calls(seen, 'PUT', '/filters/priority')).toHaveLength(1));
    expect(calls(seen, 'PUT', '/filters/priority')[0]!.body).toEqual([{ filterId: 11, newPriority: 2 }]);
    await waitFor(() => expect(calls(seen, 'GET', '/filters')).toHaveLength(loads + 1));
  });

  it('shows the rows before the drag code, then lets a grip pick its filter up from the keyboard', async () => {
    serve();
    renderPage();
    // The rows show at once; they are drawn again, draggable, once dnd-kit's code has come.
    const grip = () => screen.getByRole('button', { name: '청구서 순서 바꾸기' });
    await screen.findByRole('listitem', { name: '청구서' });
    await waitFor(() => expect(grip()).toBeEnabled(), { timeout: 10_000 });
    grip().focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(grip()).toHaveAttribute('aria-pressed', 'true'));
    // What a screen reader hears as it does is asserted in Chromium (e2e/filters.spec.ts).
  });

  it('toggles one filter on from its switch', async () => {
    const seen = serve();
    await renderSettledPage();
    const row = await screen.findByRole('listitem', { name: '뉴스레터' });
    const toggle = within(row).getByRole('switch', { name: '활성' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(calls(seen, 'PUT', '/filters/status')[0]?.body).toEqual({ filterIds: [12], isActive: true }),
    );
  });

  it('deletes only after confirming', async () => {
    const seen = serve();
    await renderSettledPage();
    const row = await screen.findByRole('listitem', { name: '청구서' });
    await userEvent.click(within(row).getByRole('button', { name: '삭제' }));
    const dialog = screen.getByRole('alertdialog', { name: '필터를 삭제하시겠습니까?' });
    expect(dialog).toHaveTextContent('"청구서" 필터가 삭제됩니다.');
    expect(calls(seen, 'DELETE', '/filters/13')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(calls(seen, 'DELETE', '/filters/13')).toHaveLength(1));
  });

  it('shows a dismissible banner when a change fails', async () => {
    serve((request) =>
      request.url === '/filters/11/copy'
        ? fail(404, 'FILTER_NOT_FOUND', '필터를 찾을 수 없습니다.')
        : ok(null),
    );
    await renderSettledPage();
    const row = await screen.findByRole('listitem', { name: '알파 프로젝트' });
    await userEvent.click(within(row).getByRole('button', { name: '복사' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('필터를 복사하지 못했습니다.');
    expect(banner).toHaveTextContent('필터를 찾을 수 없습니다.');
    await userEvent.click(within(banner).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports a load failure in the banner', async () => {
    serveApi(() => fail(500, 'SERVER_ERROR', '서버 오류'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('필터를 불러오지 못했습니다.');
  });

  it('says nothing when a lost connection works on its retry', async () => {
    let lost = 0;
    const seen = serveApi((request) => {
      if (request.method === 'GET' && request.url === '/filters')
        return lost++ === 0 ? 'network' : ok(filters);
      return ok(null);
    });
    await renderSettledPage();
    await screen.findByRole('list', { name: '필터 3개' });
    expect(calls(seen, 'GET', '/filters').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a JSON file that does not parse, without calling the server', async () => {
    const seen = serve();
    await renderSettledPage();
    await screen.findByRole('list', { name: '필터 3개' });
    const file = new File(['{ not json'], 'filters.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('가져올 필터 파일'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('잘못된 JSON 파일입니다');
    expect(seen.filter((r) => r.url.startsWith('/filters/import'))).toEqual([]);
  });

  it('imports a Sieve script and lists what could not be carried over', async () => {
    const seen = serve((request) =>
      request.url === '/filters/import/sieve'
        ? ok({
            imported: [filterDto({ id: 20, name: 'Imported', priority: 4 })],
            warnings: [
              {
                line: 3,
                code: 'unsupportedTest',
                source: 'envelope :is "to" "x"',
                message: 'envelope is not supported',
              },
            ],
            missingFolders: [],
            createdFolders: ['Work'],
            awayReplyImported: true,
          })
        : ok(null),
    );
    // As the sidebar holds it: the folder tree before the import.
    queryClient.setQueryData(queryKeys.folders, []);
    await renderSettledPage();
    await screen.findByRole('list', { name: '필터 3개' });
    const script = 'require "fileinto";\nif header :contains "subject" "x" { fileinto "Work"; }\n';
    await userEvent.upload(screen.getByLabelText('가져올 필터 파일'), new File([script], 'roundcube.sieve'));
    const report = await screen.findByRole('region', { name: '가져오기 결과' });
    expect(calls(seen, 'POST', '/filters/import/sieve')[0]!.body).toEqual({ script });
    expect(report).toHaveTextContent('필터 1개를 가져왔습니다.');
    expect(report).toHaveTextContent('가져온 필터를 위해 만든 폴더: Work');
    expect(report).toHaveTextContent('3번째 줄: envelope is not supported');
    // A vacation rule became the away reply (issue 37): said, with the way to it.
    expect(report).toHaveTextContent('스크립트의 부재중 응답(vacation)을 부재중 자동 응답으로 가져왔습니다.');
    expect(within(report).getByRole('link', { name: '설정에서 보기' })).toHaveAttribute('href', '/settings');
    // The folder made for the import shows in the sidebar's tree without a reload.
    expect(queryClient.getQueryState(queryKeys.folders)?.isInvalidated).toBe(true);
  });

  it('shows the statistics panel with the activation rate and top filters', async () => {
    serve((request) => (request.url === '/filters/statistics' ? ok(statistics()) : ok(null)));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '통계 보기' }));
    const panel = await screen.findByRole('region', { name: '필터 통계' });
    await within(panel).findByText('전체 필터');
    expect(within(panel).getByRole('meter', { name: '활성화 비율' })).toHaveAttribute('aria-valuenow', '67');
    expect(panel).toHaveTextContent('67%');
    const top = within(panel)
      .getAllByRole('listitem')
      .filter((li) => li.textContent?.includes('위'));
    expect(top[0]).toHaveTextContent('1위알파 프로젝트업무 메일조건 2개9회 실행활성');
    expect(screen.getByRole('button', { name: '통계 숨기기' })).toHaveAttribute('aria-pressed', 'true');
    // The days and hours are the reader's, as the server counted them (issue 34).
    expect(within(panel).getByText('일별 실행 횟수 (최근 30일, Asia/Seoul)')).toBeInTheDocument();
    expect(within(panel).getByText('시간대별 실행 횟수 (Asia/Seoul)')).toBeInTheDocument();
  });

  it('shows the empty statistics state when there are no filters', async () => {
    filters = [];
    serve((request) =>
      request.url === '/filters/statistics'
        ? ok(
            statistics({
              totalFilters: 0,
              activeFilters: 0,
              inactiveFilters: 0,
              totalExecutions: 0,
              topFilters: [],
            }),
          )
        : ok(null),
    );
    renderPage();
    expect(await screen.findByText('아직 필터가 없습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '통계 보기' }));
    expect(await screen.findByText(/통계가 아직 없습니다/)).toBeInTheDocument();
  });
});
