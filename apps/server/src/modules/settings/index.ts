/** What other areas read of a person's settings (compose's undo delay, the lists' conversation view). */
export { settingsOf, type SettingsDefaults } from './service.js';
