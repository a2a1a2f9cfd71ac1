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
  it('keeps the focus on the control it was on when the rows are drawn again with drag', async () => {
    serveApi((request) =>
      request.method === 'GET' && request.url === '/filters'
        ? ok([
            filterDto({ id: 11, name: '알파 프로젝트', priority: 1 }),
            filterDto({ id: 12, name: '뉴스레터', priority: 2 }),
          ])
        : ok(null),
    );
    renderScreen('/filters', '/filters', <FiltersPage />);
    const moveUp = () =>
      within(screen.getByRole('listitem', { name: '뉴스레터' })).getByRole('button', { name: '위로 이동' });
    const before = await waitFor(moveUp);
    before.focus();
    expect(screen.getByRole('button', { name: '뉴스레터 순서 바꾸기' })).toBeDisabled();

    chunk.arrive();
    await waitFor(() => expect(screen.getByRole('button', { name: '뉴스레터 순서 바꾸기' })).toBeEnabled(), {
      timeout: 10_000,
    });
    expect(before).not.toBeInTheDocument();
    expect(moveUp()).toHaveFocus();
  });
});
