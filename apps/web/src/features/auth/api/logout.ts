import { api } from '@/lib/api-client';

/** DELETE /auth/logout: ends the session on the server; a failure changes nothing for the user. */
export async function logoutOnServer(): Promise<void> {
  try {
    await api.delete<unknown>('/auth/logout');
  } catch {
    // SPEC §4: the local sign-out goes ahead whatever the server answered.
  }
}
