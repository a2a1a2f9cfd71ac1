import { describe, expect, it } from 'vitest';
import { toastStyleOf } from './toasts';

describe('toast per notification type (SPEC §9)', () => {
  it.each([
    ['NEW_MESSAGE', 'success', 5000],
    ['MESSAGE_STATUS_UPDATE', 'blank', 3000],
    ['MAILBOX_UPDATE', 'blank', 3000],
    ['SYSTEM_ALERT', 'error', 6000],
    ['FILTER_EXECUTED', 'blank', 4000],
    ['SOMETHING_NEW', 'blank', 4000],
  ])('%s shows as %s for %i ms', (type, style, duration) => {
    expect(toastStyleOf(type)).toEqual({ style, duration });
  });
});
