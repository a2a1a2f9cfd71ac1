import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@postline/shared/errors';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it.each(LANGUAGES)('writes counts as Intl does in %s', (language) => {
    const intl = new Intl.NumberFormat(language);
    for (const value of [0, 7, 999, 1000, 12_345, 1_000_000, 20_000_000])
      expect(formatCount(value)).toBe(intl.format(value));
  });
});
