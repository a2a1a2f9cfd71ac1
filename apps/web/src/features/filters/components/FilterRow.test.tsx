import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { FilterDto } from '@postline/shared/filters';
import { filterDto } from '../test-fixtures';
import { FilterRow } from './FilterRow';

const now = new Date('2025-03-14T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function renderRow(stats: FilterDto['stats']) {
  const filter = filterDto({
    id: 5,
    name: '알파 프로젝트',
    priority: 2,
    stats,
    conditionCount: 2,
    actionCount: 3,
  });
  render(
    <ul>
      <FilterRow
        filter={filter}
        isFirst={false}
        isLast
        isSelected={false}
        now={now}
        onToggleSelected={vi.fn()}
        onMove={vi.fn()}
        onToggleActive={vi.fn()}
        onEdit={vi.fn()}
        onCopy={vi.fn()}
        onExport={vi.fn()}
        onDelete={vi.fn()}
      />
    </ul>,
  );
  return screen.getByRole('listitem', { name: '알파 프로젝트' });
}

describe('FilterRow', () => {
  it('shows badge, priority, counts, and that the filter never ran', () => {
    const row = renderRow({ executionCount: 0, lastExecuted: null });
    expect(row).toHaveTextContent('활성');
    expect(row).toHaveTextContent('#2');
    expect(row).toHaveTextContent('조건 2개');
    expect(row).toHaveTextContent('동작 3개');
    expect(row).toHaveTextContent('실행된 적 없음');
    expect(row).not.toHaveTextContent('회 실행');
  });

  it.each([
    [30_000, '마지막 실행 방금 전'],
    [10 * 60_000, '마지막 실행 10분 전'],
    [30 * 60_000, '마지막 실행 30분 전'],
    [3 * HOUR, '마지막 실행 3시간 전'],
    [2 * DAY, '마지막 실행 2일 전'],
    [7 * DAY, '마지막 실행 7일 전'],
  ])('words a run %i ms ago as "%s"', (age, text) => {
    const row = renderRow({ executionCount: 4, lastExecuted: ago(age) });
    expect(row).toHaveTextContent('4회 실행');
    expect(row).toHaveTextContent(text);
  });

  it('gives the date once the last run is more than 7 days old', () => {
    const row = renderRow({ executionCount: 1, lastExecuted: ago(8 * DAY) });
    expect(row).toHaveTextContent('마지막 실행 2025. 3. 6.');
  });

  it('words it in English too', async () => {
    await i18next.changeLanguage('en');
    const row = renderRow({ executionCount: 1, lastExecuted: ago(5 * HOUR) });
    expect(row).toHaveTextContent('Ran 1 time');
    expect(row).toHaveTextContent('Last run 5 hours ago');
  });

  it('words minutes in English without calling them just now', async () => {
    await i18next.changeLanguage('en');
    const row = renderRow({ executionCount: 2, lastExecuted: ago(30 * 60_000) });
    expect(row).toHaveTextContent('Last run 30 minutes ago');
  });

  it('disables move down on the last row', () => {
    renderRow({ executionCount: 0, lastExecuted: null });
    expect(screen.getByRole('button', { name: '아래로 이동' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '위로 이동' })).toBeEnabled();
  });

  it('shows its grip disabled until the drag code is there', () => {
    renderRow({ executionCount: 0, lastExecuted: null });
    expect(screen.getByRole('button', { name: '알파 프로젝트 순서 바꾸기' })).toBeDisabled();
  });
});
