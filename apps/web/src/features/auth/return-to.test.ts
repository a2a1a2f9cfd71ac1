import { beforeEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, resetReturnTo, takeReturnTo } from './return-to';

beforeEach(() => {
  sessionStorage.clear();
  resetReturnTo();
});

describe('the path a signed-out visitor was going to', () => {
  it('is taken from storage once, and every take of this page load agrees', () => {
    rememberReturnTo('/mailbox/inbox?page=2');
    expect(takeReturnTo()).toBe('/mailbox/inbox?page=2');
    expect(sessionStorage.length).toBe(0);
    expect(takeReturnTo()).toBe('/mailbox/inbox?page=2');
    resetReturnTo();
    expect(takeReturnTo()).toBeNull();
  });

  it('is never another origin or a sign-in page', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/login',
      '/auth/callback?code=1',
      '/',
    ]) {
      rememberReturnTo(path);
      resetReturnTo();
      expect(takeReturnTo()).toBeNull();
    }
  });
});
