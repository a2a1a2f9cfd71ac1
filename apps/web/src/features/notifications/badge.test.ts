import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './badge';

describe('unread badge', () => {
  it.each([
    [0, null],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [2500, '99+'],
  ])('shows %i as %s', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});
