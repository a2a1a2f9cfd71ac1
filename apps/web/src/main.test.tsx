import { describe, expect, it } from 'vitest';

describe('start-up', () => {
  it('fails with "Root element not found" when the page has no #root', async () => {
    document.body.innerHTML = '';
    await expect(import('./main')).rejects.toThrow('Root element not found');
  });
});
