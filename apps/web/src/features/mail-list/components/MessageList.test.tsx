import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MessageListItem } from '@postline/shared/messages';
import { listItem } from '../test-fixtures';
import { WithQueryClient } from '@/test/render';
import { MessageList } from './MessageList';

interface ListProps {
  rows: MessageListItem[];
  onToggleSelect?: (id: number) => void;
  onToggleStar?: (message: MessageListItem) => void;
  onOpen?: (message: MessageListItem) => void;
}

const rowsOf = (from: number, count: number): MessageListItem[] =>
  Array.from({ length: count }, (_, i) => listItem({ id: from + i, subject: `메일 ${from + i}` }));

function List({ rows, onToggleSelect = vi.fn(), onToggleStar = vi.fn(), onOpen = vi.fn() }: ListProps) {
  return (
    <WithQueryClient>
      <MessageList
        rows={rows}
        loading={false}
        error={null}
        narrowed={false}
        searching={false}
        highlight={[]}
        emptyHint=""
        selected={new Set()}
        showRecipients={false}
        hrefOf={(message) => `/message/${message.id}`}
        onRetry={vi.fn()}
        onToggleSelect={onToggleSelect}
        onToggleStar={onToggleStar}
        onOpen={onOpen}
      />
    </WithQueryClient>
  );
}

describe('MessageList', () => {
  it('shows a first screen of rows at once and the rest of the page right after', async () => {
    const { rerender } = render(<List rows={rowsOf(1, 50)} />);
    // The first render holds the rows of a phone's screen, in order.
    const first = screen.getAllByTestId('row-subject').map((subject) => subject.textContent);
    expect(first).toEqual(rowsOf(1, 10).map((row) => row.subject));
    // The rest keep their place meanwhile, so the pager below does not move when they come.
    expect(screen.getByTestId('rows-to-come')).toHaveAttribute('aria-hidden', 'true');
    await vi.waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(50));
    expect(screen.queryByTestId('rows-to-come')).not.toBeInTheDocument();

    // Another page is shown whole in one render: it replaces rows already on screen.
    rerender(<List rows={rowsOf(51, 50)} />);
    expect(screen.getAllByTestId('message-row')).toHaveLength(50);
    expect(screen.getAllByTestId('row-subject')[49]).toHaveTextContent('메일 100');
  });

  it('shows a short page whole at once', () => {
    render(<List rows={rowsOf(1, 7)} />);
    expect(screen.getAllByTestId('message-row')).toHaveLength(7);
  });

  it('is one tab stop: the arrow keys go from row to row and across a row (issue 34)', async () => {
    render(
      <>
        <button type="button">before</button>
        <List rows={rowsOf(1, 3)} />
        <button type="button">after</button>
      </>,
    );
    const link = (n: number) => screen.getByRole('link', { name: new RegExp(`메일 ${n}`) });
    screen.getByRole('button', { name: 'before' }).focus();

    await userEvent.tab();
    expect(link(1)).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();

    await userEvent.tab({ shift: true });
    expect(link(1)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(link(3)).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(link(2)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: '별표 표시: 메일 2' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('checkbox', { name: '메일 선택: 메일 2' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('checkbox', { name: '메일 선택: 메일 3' })).toHaveFocus();

    // Leaving and coming back returns to the control last used.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('checkbox', { name: '메일 선택: 메일 3' })).toHaveFocus();
  });

  it('makes a clicked control the tab stop', async () => {
    render(<List rows={rowsOf(1, 3)} />);
    await userEvent.click(screen.getByRole('button', { name: '별표 표시: 메일 3' }));
    const stops = [...document.querySelectorAll('[data-row-index] [tabindex="0"]')];
    expect(stops).toEqual([screen.getByRole('button', { name: '별표 표시: 메일 3' })]);
  });

  it("takes Gmail's keys wherever the focus is: j and k move, x selects, s stars, o opens (issue 37)", async () => {
    const onToggleSelect = vi.fn();
    const onToggleStar = vi.fn();
    const onOpen = vi.fn();
    const rows = rowsOf(1, 3);
    render(<List rows={rows} onToggleSelect={onToggleSelect} onToggleStar={onToggleStar} onOpen={onOpen} />);
    const link = (n: number) => screen.getByRole('link', { name: new RegExp(`메일 ${n}`) });
    await userEvent.keyboard('j');
    expect(link(1)).toHaveFocus();
    await userEvent.keyboard('jj');
    expect(link(3)).toHaveFocus();
    await userEvent.keyboard('k');
    expect(link(2)).toHaveFocus();
    await userEvent.keyboard('xs');
    expect(onToggleSelect).toHaveBeenCalledWith(2);
    expect(onToggleStar).toHaveBeenCalledWith(rows[1]);
    await userEvent.keyboard('o');
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
  });
});
