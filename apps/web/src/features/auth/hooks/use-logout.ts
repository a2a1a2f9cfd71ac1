import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { logoutOnServer } from '../api/logout';
import { useAuthStore } from '../store';

/** Signs out on the server (its failure ignored), forgets the session, and opens /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logoutOnServer();
    useAuthStore.getState().clearAuth();
    navigate(paths.login, { replace: true });
  }, [navigate]);
}
