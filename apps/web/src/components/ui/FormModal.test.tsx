import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './FormModal';

describe('FormModal', () => {
  it('submits its form with Save and closes with Cancel', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onClose = vi.fn();
    render(
      <FormModal title="새 분류" onClose={onClose} onSubmit={onSubmit} busy={false}>
        <input aria-label="이름" />
      </FormModal>,
    );
    expect(screen.getByRole('dialog', { name: '새 분류' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '이름' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows why the save failed and takes no second click while saving', () => {
    render(
      <FormModal
        title="새 분류"
        onClose={() => {}}
        onSubmit={() => {}}
        busy
        error="분류 이름이 이미 있습니다."
      >
        <input aria-label="이름" />
      </FormModal>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('분류 이름이 이미 있습니다.');
    expect(screen.getByRole('button', { name: '저장' })).toBeDisabled();
  });

  it('shows its placeholder instead of the form while it cannot be filled in', () => {
    render(
      <FormModal
        title="필터 편집"
        onClose={() => {}}
        onSubmit={() => {}}
        busy={false}
        placeholder={<p>불러오는 중</p>}
      >
        <input aria-label="이름" />
      </FormModal>,
    );
    expect(screen.getByText('불러오는 중')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
