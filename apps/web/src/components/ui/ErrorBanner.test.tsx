import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from './ErrorBanner';

describe('ErrorBanner', () => {
  it('reads out the failure and its reason, and closes on request', async () => {
    const onClose = vi.fn();
    render(
      <ErrorBanner
        message="필터를 복사하지 못했습니다."
        detail="필터를 찾을 수 없습니다."
        onClose={onClose}
      />,
    );
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('필터를 복사하지 못했습니다.필터를 찾을 수 없습니다.');
    await userEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("has no close button for a form's error, which goes with the next submit", () => {
    render(<ErrorBanner message="템플릿을 찾을 수 없습니다." />);
    expect(screen.getByRole('alert')).toHaveTextContent('템플릿을 찾을 수 없습니다.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
