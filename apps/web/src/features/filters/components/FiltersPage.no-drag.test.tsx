import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/test/auth-fixtures';
import { ok, serveApi } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { initialFiltersView, useFiltersStore } from '../store';
import { filterDto } from '../test-fixtures';
import { FiltersPage } from './FiltersPage';

// dnd-kit's chunk cannot be loaded, as after a network error or a new deployment.
vi.mock('./SortableFilterRows', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  signInAs();
  useFiltersStore.setState(initialFiltersView);
});

describe('FiltersPage without its drag code', () => {
  it('keeps the rows, without drag, and moves a filter with its buttons', async () => {
    const filters = [
      filterDto({ id: 11, name: '알파 프로젝트', priority: 1 }),
      filterDto({ id: 12, name: '뉴스레터', priority: 2 }),
    ];
    const seen = serveApi((request) =>
      request.method === 'GET' && request.url === '/filters' ? ok(filters) : ok(null),
    );
    renderScreen('/filters', '/filters', <FiltersPage />);
    const row = await screen.findByRole('listitem', { name: '알파 프로젝트' }, { timeout: 10_000 });
    await userEvent.click(within(row).getByRole('button', { name: '아래로 이동' }));
    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'PUT' && r.url === '/filters/priority')[0]?.body).toEqual([
        { filterId: 11, newPriority: 2 },
      ]),
    );
    expect(screen.getByRole('button', { name: '알파 프로젝트 순서 바꾸기' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1, name: '필터 관리' })).toBeInTheDocument();
  });
});
