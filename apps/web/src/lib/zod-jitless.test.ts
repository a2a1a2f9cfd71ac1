import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('runs without the eval probe our CSP would report', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
