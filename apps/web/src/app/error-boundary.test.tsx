import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, LocationProbe } from '@/test/render';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

function renderBrokenPage(onReload = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/filters']}>
      <ErrorBoundary onReload={onReload}>
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/filters" element={<Broken />} />
        </Routes>
      </ErrorBoundary>
      <LocationProbe />
    </MemoryRouter>,
  );
  return onReload;
}

describe('global error screen (SPEC §2)', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  // React also reports the thrown error on window; here that is expected, not a test failure.
  const expectedWindowError = (event: ErrorEvent) => event.preventDefault();
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.addEventListener('error', expectedWindowError);
  });
  afterEach(() => {
    consoleError.mockRestore();
    window.removeEventListener('error', expectedWindowError);
  });

  it('apologises, logs the error and offers support by e-mail', () => {
    renderBrokenPage();
    expect(screen.getByRole('heading', { name: '문제가 발생했습니다' })).toBeInTheDocument();
    expect(screen.getByText('예기치 않은 오류가 발생했습니다. 불편을 드려 죄송합니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /support@postline.local/ })).toHaveAttribute(
      'href',
      'mailto:support@postline.local',
    );
    expect(consoleError).toHaveBeenCalledWith(
      'Unexpected render failure',
      expect.any(Error),
      expect.stringContaining('Broken'),
    );
  });

  it('goes home and clears the error', async () => {
    renderBrokenPage();
    await userEvent.click(screen.getByRole('button', { name: '홈으로 이동' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('reloads the page on request', async () => {
    const onReload = renderBrokenPage();
    await userEvent.click(screen.getByRole('button', { name: '페이지 새로고침' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
