import type { OIDC_PATHS as SharedOidcPaths, STORAGE_KEYS as SharedStorageKeys } from '@postline/shared/auth';

/*
 * Copies of two constants of @postline/shared/auth. Importing that module at run time also builds
 * its zod schemas, which puts zod (about 24 kB gzip) on the login page. The `satisfies` clauses
 * make tsc fail if a copy ever differs from the contract.
 */
export const STORAGE_KEYS = {
  auth: 'auth-storage',
  language: 'language',
  notificationSettings: 'notificationSettings',
} as const satisfies typeof SharedStorageKeys;

export const OIDC_AUTHORIZE_PATH =
  '/api/v1/oauth2/authorization/keycloak' satisfies (typeof SharedOidcPaths)['authorize'];
