import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRealtimeStatus } from '@/lib/realtime-status';
import { ConnectionIndicator } from './ConnectionIndicator';

const status = () => useRealtimeStatus.getState();

beforeEach(() => {
  useRealtimeStatus.setState({
    phase: 'idle',
    connected: false,
    attempt: 0,
    closeCode: null,
    retryRequests: 0,
  });
});

describe('the sidebar connection indicator', () => {
  it('says connected or disconnected, with the attempt and the reason while reconnecting', () => {
    render(<ConnectionIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('연결 끊김');

    act(() => status().setPhase('connecting'));
    expect(screen.getByText('연결 중…')).toBeInTheDocument();

    act(() => status().setPhase('connected'));
    expect(screen.getByRole('status')).toHaveTextContent('연결됨');
    expect(screen.queryByText(/다시 연결 중/)).not.toBeInTheDocument();

    act(() => status().setPhase('reconnecting', { attempt: 2, closeCode: 1006 }));
    expect(screen.getByRole('status')).toHaveTextContent('연결 끊김');
    expect(screen.getByText('다시 연결 중… (2/5) · 서버와의 세션이 끊어졌습니다.')).toBeInTheDocument();
  });

  it('offers to reconnect once the retries have run out', async () => {
    render(<ConnectionIndicator />);
    act(() => status().setPhase('failed', { closeCode: 2000 }));
    expect(screen.getByText('모든 전송 방식이 실패했습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '다시 연결' }));
    expect(status().retryRequests).toBe(1);
  });
});
