import { useMemo } from 'react';
import { useAuthStore } from '@/features/auth/store';

/** Who writes, for the composers: unsent text is kept under the id, signatures filled from the rest. */
export function useWritingAccount(): { id: number; name: string; email: string } {
  const id = useAuthStore((state) => state.user?.id ?? 0);
  const name = useAuthStore((state) => state.user?.name ?? '');
  const email = useAuthStore((state) => state.user?.email ?? '');
  return useMemo(() => ({ id, name, email }), [id, name, email]);
}
