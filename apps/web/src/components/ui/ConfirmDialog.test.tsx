import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('is an accessible dialog that starts on Cancel and confirms on request', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="필터를 삭제하시겠습니까?"
        message="되돌릴 수 없습니다."
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: '필터를 삭제하시겠습니까?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('되돌릴 수 없습니다.');
    expect(screen.getByRole('button', { name: '취소' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape and keeps Tab inside the dialog', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open onConfirm={() => {}} onCancel={onCancel} />);
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.closest('[role="alertdialog"]')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(<ConfirmDialog open={false} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
