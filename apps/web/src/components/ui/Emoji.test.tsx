import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Emoji } from './Emoji';

describe('Emoji', () => {
  it('draws the fallback icon where the machine cannot draw colour emoji (jsdom has no canvas)', () => {
    const { container } = render(<Emoji symbol="📧" fallback={<svg data-testid="icon" />} />);
    expect(container.querySelector('[data-testid="icon"]')).not.toBeNull();
    expect(container).not.toHaveTextContent('📧');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
