import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MessageListItem } from '@postline/shared/messages';
import { listItem } from '../test-fixtures';
import { MessageList } from './MessageList';

const rowsOf = (from: number, count: number): MessageListItem[] =>
  Array.from({ length: count }, (_, i) => listItem({ id: from + i, subject: `메일 ${from + i}` }));

function List({ rows }: { rows: MessageListItem[] }) {
  return (
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
      onToggleSelect={vi.fn()}
      onToggleStar={vi.fn()}
      onOpen={vi.fn()}
    />
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
});
