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
});
