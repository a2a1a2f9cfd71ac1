import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: it keeps the check's answer for the page's life. */
async function freshEmoji() {
  vi.resetModules();
  return import('./Emoji');
}

afterEach(() => localStorage.clear());

describe('Emoji', () => {
  it('draws the fallback icon where the machine cannot draw colour emoji (jsdom has no canvas)', async () => {
    const { Emoji } = await freshEmoji();
    const { container } = render(<Emoji symbol="📧" fallback={<svg data-testid="icon" />} />);
    expect(container.querySelector('[data-testid="icon"]')).not.toBeNull();
    expect(container).not.toHaveTextContent('📧');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps the answer for the next visit, with the browser it was found in', async () => {
    const { canDrawEmoji } = await freshEmoji();
    expect(canDrawEmoji()).toBe(false);
    expect(localStorage.getItem('emoji-support')).toBe(`0 ${navigator.userAgent}`);
  });

  it('uses a kept answer instead of drawing, unless the browser changed', async () => {
    localStorage.setItem('emoji-support', `1 ${navigator.userAgent}`);
    const { Emoji } = await freshEmoji();
    const { container } = render(<Emoji symbol="📧" fallback={<svg data-testid="icon" />} />);
    expect(container).toHaveTextContent('📧');

    localStorage.setItem('emoji-support', '1 Mozilla/5.0 (an older browser)');
    const again = await freshEmoji();
    expect(again.canDrawEmoji()).toBe(false);
  });
});
