/**
 * The web app's translation areas: one file per area and language under locales/{ko,en}/, with
 * the same keys in both (lib/locales.test.ts). Named for the features that read them (mailList,
 * message, compose...), so the web keeps this list itself.
 */
export const I18N_AREAS = [
  'common',
  'auth',
  'mailList',
  'filters',
  'templates',
  'dashboard',
  'signatures',
  'connection',
  'user',
  'notifications',
  'compose',
  'message',
  'ui',
  'settings',
  'contacts',
] as const;

export type I18nArea = (typeof I18N_AREAS)[number];
