import type { UserSettings, UserSettingsUpdate } from '@postline/shared/settings';
import type { Queryable } from '../../db/client.js';
import type { UserSettingsRow } from '../../db/schema/settings.js';
import { findSettings, saveSettings } from './repository.js';

/** What the settings are when nobody chose: the table's defaults and the server's undo delay. */
export interface SettingsDefaults {
  /** config.sending.undoDefaultSeconds: 10 unless the operator set UNDO_SEND_DEFAULT_SECONDS. */
  undoSendSeconds: number;
}

function present(row: UserSettingsRow | undefined, defaults: SettingsDefaults): UserSettings {
  return {
    undoSendSeconds: row?.undoSendSeconds ?? defaults.undoSendSeconds,
    conversationView: row?.conversationView ?? true,
    keyboardShortcuts: row?.keyboardShortcuts ?? true,
  };
}

export async function settingsOf(
  db: Queryable,
  userId: number,
  defaults: SettingsDefaults,
): Promise<UserSettings> {
  return present(await findSettings(db, userId), defaults);
}

/** Saves only what was sent; the rest keeps its value (or its default). */
export async function updateSettings(
  db: Queryable,
  userId: number,
  change: UserSettingsUpdate,
  defaults: SettingsDefaults,
): Promise<UserSettings> {
  const values: Parameters<typeof saveSettings>[2] = {};
  if (change.undoSendSeconds !== undefined) values.undoSendSeconds = change.undoSendSeconds;
  if (change.conversationView !== undefined) values.conversationView = change.conversationView;
  if (change.keyboardShortcuts !== undefined) values.keyboardShortcuts = change.keyboardShortcuts;
  if (Object.keys(values).length === 0) return settingsOf(db, userId, defaults);
  return present(await saveSettings(db, userId, values), defaults);
}
