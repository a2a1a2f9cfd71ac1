import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsFrom,
  notificationSettingsSchema,
} from '../src/notifications.js';

describe('notification settings', () => {
  it('has the defaults the schema gives an empty object', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual(notificationSettingsSchema.parse({}));
  });

  it('reads stored settings field by field, as the schema does for missing fields', () => {
    expect(notificationSettingsFrom({ sound: true })).toEqual(
      notificationSettingsSchema.parse({ sound: true }),
    );
    expect(notificationSettingsFrom({ sound: 'yes', enabled: false })).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      enabled: false,
    });
    expect(notificationSettingsFrom(null)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(notificationSettingsFrom([true])).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});
