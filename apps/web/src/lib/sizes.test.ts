import { describe, expect, it } from 'vitest';
import { formatBytes } from './sizes';

describe('formatBytes', () => {
  it('counts in 1024 steps with one decimal above bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TB');
  });
});
