import { DashboardPage } from '@/features/dashboard/components/DashboardPage';
import { useAuthStore } from '@/features/auth/store';

/** Hands the signed-in user's name to the dashboard, which must not reach into the auth feature. */
export function DashboardRoute() {
  const userName = useAuthStore((state) => state.user?.name);
  return <DashboardPage userName={userName} />;
}
