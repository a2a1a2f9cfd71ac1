import { api } from '@/lib/api-client';

/**
 * DELETE /auth/logout with the session's own token: ends the session on the server; a failure
 * changes nothing for the user.
 */
export async function logoutOnServer(accessToken: string | null): Promise<void> {
  if (!accessToken) return;
  try {
    await api.delete<unknown>('/auth/logout', { headers: { Authorization: `Bearer ${accessToken}` } });
  } catch {
    // SPEC §4: the local sign-out goes ahead whatever the server answered.
  }
}
