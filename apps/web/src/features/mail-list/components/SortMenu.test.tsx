import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SORT, type MessageSort } from '@postline/shared/message-queries';
import { SortMenu } from './SortMenu';

function Harness({ initial = DEFAULT_MESSAGE_SORT }: { initial?: MessageSort }) {
  const [sort, setSort] = useState(initial);
  return (
    <>
      <SortMenu sort={sort} onChange={setSort} />
      <output data-testid="sort">{`${sort.field},${sort.direction}`}</output>
    </>
  );
}

async function choose(field: string) {
  await userEvent.click(screen.getByRole('button', { name: /^정렬:/ }));
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${field}`) }));
}

describe('SortMenu (SPEC §2 sort rules)', () => {
  it('starts at date, newest first, and says so', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: '정렬: 받은 날짜, 내림차순' })).toBeInTheDocument();
  });

  it('flips the direction when the current field is chosen again', async () => {
    render(<Harness />);
    await choose('받은 날짜');
    expect(screen.getByTestId('sort')).toHaveTextContent('receivedAt,asc');
    await choose('받은 날짜');
    expect(screen.getByTestId('sort')).toHaveTextContent('receivedAt,desc');
  });

  it('starts a new field ascending', async () => {
    render(<Harness />);
    await choose('제목');
    expect(screen.getByTestId('sort')).toHaveTextContent('subject,asc');
    await choose('크기');
    expect(screen.getByTestId('sort')).toHaveTextContent('size,asc');
    await choose('크기');
    expect(screen.getByTestId('sort')).toHaveTextContent('size,desc');
    await choose('보낸 사람');
    expect(screen.getByTestId('sort')).toHaveTextContent('from,asc');
  });

  it('starts the date descending when coming back to it from another field', async () => {
    render(<Harness initial={{ field: 'subject', direction: 'desc' }} />);
    await choose('받은 날짜');
    expect(screen.getByTestId('sort')).toHaveTextContent('receivedAt,desc');
  });

  it('closes after a choice and marks the current field', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /^정렬:/ }));
    expect(screen.getByRole('button', { name: /^받은 날짜/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^제목/ })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: /^제목/ })).not.toBeInTheDocument();
  });

  it('names the date after the folder: sent in Sent, saved in Drafts, to go in Scheduled', () => {
    for (const [folder, label] of [
      ['sent', '보낸 날짜'],
      ['drafts', '저장한 날짜'],
      ['scheduled', '보낼 시각'],
      ['inbox', '받은 날짜'],
    ]) {
      const { unmount } = render(
        <MemoryRouter initialEntries={[`/mailbox/${folder}`]}>
          <Routes>
            <Route path="/mailbox/:folder" element={<Harness />} />
          </Routes>
        </MemoryRouter>,
      );
      expect(screen.getByRole('button', { name: `정렬: ${label}, 내림차순` })).toBeInTheDocument();
      unmount();
    }
  });
});
