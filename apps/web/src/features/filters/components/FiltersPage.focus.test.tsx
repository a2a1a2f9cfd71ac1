import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/test/auth-fixtures';
import { ok, serveApi } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { initialFiltersView, useFiltersStore } from '../store';
import { filterDto } from '../test-fixtures';
import { FiltersPage } from './FiltersPage';

// dnd-kit's chunk comes when the test says, as on a slow network.
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./SortableFilterRows', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

beforeEach(() => {
  signInAs();
  useFiltersStore.setState(initialFiltersView);
});

describe('FiltersPage while its drag code is on the way', () => {
  it('shows the rows once, with drag, so that a row the user has reached is never drawn again', async () => {
    serveApi((request) =>
      request.method === 'GET' && request.url === '/filters'
        ? ok([
            filterDto({ id: 11, name: '알파 프로젝트', priority: 1 }),
            filterDto({ id: 12, name: '뉴스레터', priority: 2 }),
          ])
        : ok(null),
    );
    renderScreen('/filters', '/filters', <FiltersPage />);
    // The list's call has answered; the rows wait for the code that makes them sortable.
    expect(await screen.findByRole('heading', { level: 2, name: '필터 2개' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('필터를 불러오는 중…');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();

    chunk.arrive();
    const row = await screen.findByRole('listitem', { name: '뉴스레터' }, { timeout: 10_000 });
    expect(within(row).getByRole('button', { name: '뉴스레터 순서 바꾸기' })).toBeEnabled();
    const moveUp = within(row).getByRole('button', { name: '위로 이동' });
    moveUp.focus();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(row).toBeInTheDocument();
    expect(moveUp).toHaveFocus();
  });
});
