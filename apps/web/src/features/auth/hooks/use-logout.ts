import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { logoutOnServer } from '../api/logout';
import { useAuthStore } from '../store';

/**
 * Forgets the session, signs out on the server (its failure ignored) and opens /login. The local
 * state goes first so the socket and background refreshes stop before the server revokes the
 * token; otherwise they would meet a 401 on the way out.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const token = useAuthStore.getState().token;
    useAuthStore.getState().clearAuth();
    navigate(paths.login, { replace: true });
    await logoutOnServer(token);
  }, [navigate]);
}
