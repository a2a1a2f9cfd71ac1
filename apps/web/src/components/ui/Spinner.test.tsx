import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingBlock } from './Spinner';

afterEach(() => vi.restoreAllMocks());

describe('LoadingBlock', () => {
  it('spins while online, and says it waits for the network while offline (issue 34)', () => {
    render(<LoadingBlock label="메일 목록을 불러오는 중…" />);
    expect(screen.getByRole('status')).toHaveTextContent('메일 목록을 불러오는 중…');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('네트워크 연결을 기다리는 중…');
  });
});
