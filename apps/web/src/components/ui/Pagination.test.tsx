import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('marks the current page and moves to the page the user picks', async () => {
    const onPageChange = vi.fn();
    render(<Pagination currentPage={10} totalPages={20} onPageChange={onPageChange} />);

    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['‹', '1', '9', '10', '11', '20', '›']);
    expect(screen.getByRole('button', { name: '10페이지' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: '20페이지' }));
    await userEvent.click(screen.getByRole('button', { name: '이전 페이지' }));
    expect(onPageChange.mock.calls).toEqual([[20], [9]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pagination currentPage={1} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: '이전 페이지' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '다음 페이지' })).toBeEnabled();
    rerender(<Pagination currentPage={3} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: '다음 페이지' })).toBeDisabled();
  });

  it('summarises the shown range and changes the page size', async () => {
    const onPageSizeChange = vi.fn();
    render(
      <Pagination
        currentPage={2}
        totalPages={3}
        totalItems={45}
        itemsPerPage={20}
        onPageChange={() => {}}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    expect(screen.getByText('전체 45개 중 21-40')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('페이지당 개수'), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('says a capped total is a lower bound and that pages follow the last number shown', async () => {
    const onPageChange = vi.fn();
    render(
      <Pagination
        currentPage={50}
        totalPages={51}
        totalItems={1000}
        itemsPerPage={20}
        totalIsEstimate
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('전체 1,000개 이상 중 981-1000')).toBeInTheDocument();
    expect(screen.getByText('더 많은 페이지가 있습니다')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    expect(onPageChange).toHaveBeenCalledWith(51);
  });

  it('shows an exact total without "more than"', () => {
    render(
      <Pagination
        currentPage={1}
        totalPages={50}
        totalItems={1000}
        itemsPerPage={20}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('전체 1,000개 중 1-20')).toBeInTheDocument();
    expect(screen.queryByText('더 많은 페이지가 있습니다')).not.toBeInTheDocument();
  });
});
